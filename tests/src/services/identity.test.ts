import { DEFAULT_ANONYMOUS_TOKEN, SESSION_TOKEN_PREFIX } from '@app/contracts';
import { type Platform, STAFF_TOKEN, call, startPlatform } from './platform-harness';
import { signInFake, signInWithRoles, tokenFromSuccessPage, uniqueEmail } from './identity-support';

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const userInfo = (token: string) =>
  call<Record<string, unknown>>(platform.url, '/api/users/v1/userinfo/get', { json: {}, token });
const eventsOf = async (userId: string) =>
  (
    await platform.pool.query<{ type: string; data: Record<string, unknown>; metadata: { actor: unknown } }>(
      'SELECT type, data, metadata FROM es_events WHERE stream_id = $1 ORDER BY revision',
      [`user-${userId}`],
    )
  ).rows;

describe('the fake provider', () => {
  it('signs a new person in, registers them once, and hands the token to the opener', async () => {
    const email = uniqueEmail('Ada');
    const page = await call<string>(
      platform.url,
      `/api/auth/v1/oauth2/fake?${new URLSearchParams({ email, name: 'Ada Lovelace', redirect: '/questions' })}`,
    );
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'nonce-[^']+'/);
    const token = tokenFromSuccessPage(page.body);
    expect(token.startsWith(SESSION_TOKEN_PREFIX)).toBe(true);
    // The message goes to the redirect's origin only, and the no-popup fallback carries the token.
    expect(page.body).toContain(`"${platform.url}"`);
    expect(page.body).toContain(`${platform.url}/questions?token=${token}`);

    const info = await userInfo(token);
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      avatarUrl: null,
      email: email.toLowerCase(),
      name: 'Ada Lovelace',
      username: null,
      oauthProvider: 'fake',
      oauthUserId: email.toLowerCase(),
      region: null,
      roles: [],
      subject: expect.any(String),
      abTesting: {},
      status: 'active',
    });
    const second = await signInFake(platform.url, { email });
    expect(second.userId).toBe(info.body.subject);
    expect(second.token).not.toBe(token);
    const events = await eventsOf(second.userId);
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'UserSignedIn', 'UserSignedIn']);
    // Events carry ids only: no email or name anywhere in them.
    expect(JSON.stringify(events)).not.toContain(email.toLowerCase());
    expect(JSON.stringify(events)).not.toContain('Lovelace');
  });

  it('shows a small form without an email', async () => {
    const page = await call<string>(platform.url, '/api/auth/v1/oauth2/fake?redirect=%2F&partition=p1');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<form method="get" action="/api/auth/v1/oauth2/fake">');
    expect(page.body).toContain('name="email"');
    expect(page.body).toContain('<input type="hidden" name="partition" value="p1">');
  });

  it('grants the student role to a verified student, with an event', async () => {
    const user = await signInFake(platform.url, { student: true });
    expect((await userInfo(user.token)).body.roles).toEqual(['student']);
    expect((await eventsOf(user.userId)).map((e) => e.type)).toEqual([
      'UserRegistered',
      'RoleGranted',
      'UserSignedIn',
    ]);
  });

  it('refuses a redirect to another site, appending nothing', async () => {
    const before = await platform.countEvents();
    const page = await call<string>(
      platform.url,
      `/api/auth/v1/oauth2/fake?email=${uniqueEmail()}&redirect=${encodeURIComponent('https://evil.example/steal')}`,
    );
    expect(page.status).toBe(400);
    expect(page.body).toEqual({
      code: 'INVALID_REDIRECT',
      message: 'The redirect must be a page of this site or an allowed origin.',
    });
    for (const bad of ['//evil.example/x', 'javascript:alert(1)', '/\\evil.example']) {
      const answer = await call(
        platform.url,
        `/api/auth/v1/oauth2/fake?email=a@b.test&redirect=${encodeURIComponent(bad)}`,
      );
      expect(answer.status).toBe(400);
    }
    expect(await platform.countEvents()).toBe(before);
  });

  it('answers a bad email or an unknown provider with a clear 400', async () => {
    const badEmail = await call(platform.url, '/api/auth/v1/oauth2/fake?email=not-an-email');
    expect(badEmail.status).toBe(400);
    expect(badEmail.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('The email address is not valid.'),
    });
    const unknown = await call(platform.url, '/api/auth/v1/oauth2/myspace');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('Unknown sign-in provider'),
    });
  });

  it('shows providers without configuration as unavailable', async () => {
    const answer = await call(platform.url, '/api/auth/v1/providers');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      providers: [
        { provider: 'google', available: false },
        { provider: 'github', available: false },
        { provider: 'facebook', available: false },
        { provider: 'linkedin', available: false },
      ],
      fakeProviderEnabled: true,
    });
    const start = await call<string>(platform.url, '/api/auth/v1/oauth2/github?redirect=%2F');
    expect(start.status).toBe(503);
    expect(start.headers.get('x-error-code')).toBe('PROVIDER_UNAVAILABLE');
    expect(start.body).toContain('not available on this site right now');
  });
});

describe('tokens', () => {
  it('accepts the default anonymous token and refuses short or unknown ones with 401', async () => {
    const anonymous = await call(platform.url, '/api/users/v1/ui_version/eval', {
      json: { version: '1.0.0' },
      token: DEFAULT_ANONYMOUS_TOKEN,
    });
    expect(anonymous.status).toBe(200);
    const short = await call(platform.url, '/api/users/v1/ui_version/eval', {
      json: { version: '1.0.0' },
      token: 'x'.repeat(49),
    });
    expect(short.status).toBe(401);
    expect(short.body).toEqual({
      code: 'INVALID_TOKEN',
      message: 'A default token must be at least 50 characters long; sign in again.',
    });
    const unknownLong = await call(platform.url, '/api/users/v1/ui_version/eval', {
      json: { version: '1.0.0' },
      token: 'y'.repeat(60),
    });
    expect(unknownLong.status).toBe(401);
    const forged = await userInfo(`${SESSION_TOKEN_PREFIX}${'A'.repeat(43)}`);
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ code: 'INVALID_TOKEN', message: 'The token is not valid; sign in again.' });
    const anonymousUserInfo = await userInfo(DEFAULT_ANONYMOUS_TOKEN);
    expect(anonymousUserInfo.status).toBe(401);
    expect(anonymousUserInfo.body).toEqual({ code: 'UNAUTHENTICATED', message: 'Sign in to use this call.' });
  });

  it('refresh answers old and new token and roles; the old token lapses after a grace minute', async () => {
    const user = await signInFake(platform.url);
    await call(platform.url, '/api/staff/v1/users/roles/grant', {
      json: { userId: user.userId, role: 'premiumv1' },
      token: STAFF_TOKEN,
    });
    const refreshed = await call<Record<string, unknown>>(platform.url, '/api/auth/refresh', {
      json: {},
      token: user.token,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toEqual({
      position: expect.any(String),
      OldToken: user.token,
      Token: expect.stringMatching(/^aes1_/),
      OldRoles: [],
      Roles: ['premiumv1'],
    });
    const newToken = refreshed.body.Token as string;
    expect((await userInfo(newToken)).status).toBe(200);
    // Calls already in flight with the old token still pass for a minute...
    expect((await userInfo(user.token)).status).toBe(200);
    const { rows } = await platform.pool.query(
      `SELECT expires_at < now() + interval '61 seconds' AS soon FROM identity_sessions s
        WHERE user_id = $1 ORDER BY created_at LIMIT 1`,
      [user.userId],
    );
    expect(rows[0].soon).toBe(true);
    // ...and the next refresh shows the roles the new token was issued with.
    const again = await call<Record<string, unknown>>(platform.url, '/api/auth/refresh', {
      json: {},
      token: newToken,
    });
    expect(again.body.OldRoles).toEqual(['premiumv1']);
  });

  it('sign-out revokes the token at once: the next call is a 401 SIGNED_OUT (told apart from an expiry)', async () => {
    const user = await signInFake(platform.url);
    const out = await call(platform.url, '/api/auth/v1/logout', {
      json: { reason: 'userLoggedOut' },
      token: user.token,
    });
    expect(out.status).toBe(200);
    const after = await userInfo(user.token);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({
      code: 'SIGNED_OUT',
      message: 'This session was logged out; sign in again.',
    });
    const events = await eventsOf(user.userId);
    expect(events.at(-1)).toMatchObject({ type: 'SessionRevoked', data: { reason: 'signedOut' } });
  });

  it('an expired session answers 401 TOKEN_EXPIRED', async () => {
    const user = await signInFake(platform.url);
    await platform.pool.query(
      `UPDATE identity_sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [user.userId],
    );
    expect((await userInfo(user.token)).status).toBe(401);
  });

  it('stores only a hash of each token', async () => {
    const user = await signInFake(platform.url);
    const { rows } = await platform.pool.query(
      `SELECT count(*)::int AS n FROM identity_sessions WHERE encode(token_hash, 'escape') LIKE '%' || $1 || '%'`,
      [user.token.slice(5, 20)],
    );
    expect(rows[0].n).toBe(0);
  });
});

describe('usernames', () => {
  it('sets a valid username and refuses bad ones with the rule in the message', async () => {
    const user = await signInFake(platform.url);
    const name = `coder_${Date.now().toString(36)}`;
    const set = await call(platform.url, '/api/auth/v1/username/set', {
      json: { username: name },
      token: user.token,
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ position: expect.any(String), username: name });
    expect((await userInfo(user.token)).body.username).toBe(name);
    const cases: [string, string][] = [
      ['ab', 'The username is shorter than 3 characters.'],
      ['a'.repeat(31), 'The username is longer than 30 characters.'],
      ['has space', 'The username may contain only letters, digits, dots, dashes and underscores.'],
    ];
    for (const [username, message] of cases) {
      const answer = await call(platform.url, '/api/auth/v1/username/set', {
        json: { username },
        token: user.token,
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        code: 'VALIDATION_FAILED',
        message: `The request is not valid: body.username: ${message}`,
        issues: [{ path: 'body.username', message }],
      });
    }
    const reserved = await call(platform.url, '/api/auth/v1/username/set', {
      json: { username: 'Admin' },
      token: user.token,
    });
    expect(reserved.status).toBe(409);
  });

  it('keeps usernames unique, regardless of case, under 20 concurrent requests', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => signInFake(platform.url)));
    const wanted = `race_${Date.now().toString(36)}`;
    const before = await platform.countEvents();
    const answers = await Promise.all(
      users.map((u, i) =>
        call(platform.url, '/api/auth/v1/username/set', {
          json: { username: i % 2 ? wanted.toUpperCase() : wanted },
          token: u.token,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const losers = answers.filter((a) => a.status !== 200);
    expect(losers).toHaveLength(19);
    for (const loser of losers) expect(loser.body).toMatchObject({ code: 'USERNAME_TAKEN' });
    expect(await platform.countEvents()).toBe(before + 1);
  });
});

describe('roles', () => {
  it('staff grant and revoke roles, each an event with the staff member as actor; owning follows', async () => {
    const staff = await signInWithRoles(platform.url, ['staff'], 'staff');
    const learner = await signInFake(platform.url);
    const grant = await call(platform.url, '/api/staff/v1/users/roles/grant', {
      json: { userId: learner.userId, role: 'systemsexpertv1', reason: 'Conference prize' },
      token: staff.token,
    });
    expect(grant.status).toBe(200);
    expect(grant.body).toEqual({ position: expect.any(String), roles: ['systemsexpertv1'] });
    const twice = await call(platform.url, '/api/staff/v1/users/roles/grant', {
      json: { userId: learner.userId, role: 'systemsexpertv1' },
      token: staff.token,
    });
    expect(twice.status).toBe(200);
    let events = await eventsOf(learner.userId);
    expect(events.filter((e) => e.type === 'RoleGranted')).toEqual([
      {
        type: 'RoleGranted',
        data: { userId: learner.userId, role: 'systemsexpertv1', reason: 'Conference prize' },
        metadata: expect.objectContaining({ actor: { kind: 'staff', id: staff.userId } }),
      },
    ]);
    const access = await call<Record<string, unknown>>(
      platform.url,
      `/api/staff/v1/users/${learner.userId}/access`,
      {
        token: staff.token,
        headers: { 'x-min-position': (grant.body as { position: string }).position },
      },
    );
    expect(access.status).toBe(200);
    expect(access.body).toMatchObject({
      roles: ['systemsexpertv1'],
      products: ['systemsexpert'],
      signInCount: 1,
    });

    const revoke = await call(platform.url, '/api/staff/v1/users/roles/revoke', {
      json: { userId: learner.userId, role: 'systemsexpertv1' },
      token: staff.token,
    });
    expect(revoke.body).toEqual({ position: expect.any(String), roles: [] });
    events = await eventsOf(learner.userId);
    expect(events.at(-1)?.type).toBe('RoleRevoked');
  });

  it('a learner cannot grant roles: 403, nothing appended', async () => {
    const learner = await signInFake(platform.url);
    const before = await platform.countEvents();
    const answer = await call(platform.url, '/api/staff/v1/users/roles/grant', {
      json: { userId: learner.userId, role: 'staff' },
      token: learner.token,
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ code: 'FORBIDDEN', message: 'This call is for staff only.' });
    expect(await platform.countEvents()).toBe(before);
  });

  it('an unknown user id is a 404', async () => {
    const answer = await call(platform.url, '/api/staff/v1/users/roles/grant', {
      json: { userId: '00000000-0000-4000-8000-000000000000', role: 'staff' },
      token: STAFF_TOKEN,
    });
    expect(answer.status).toBe(404);
  });

  it('staff find accounts by email and revoke all their sessions', async () => {
    const learner = await signInFake(platform.url);
    const other = await signInFake(platform.url, { email: learner.email });
    const found = await call<{ users: { userId: string }[] }>(platform.url, '/api/staff/v1/users/find', {
      json: { email: learner.email.toUpperCase() },
      token: STAFF_TOKEN,
    });
    expect(found.body.users.map((u) => u.userId)).toEqual([learner.userId]);
    const revoked = await call(platform.url, '/api/staff/v1/users/sessions/revoke', {
      json: { userId: learner.userId },
      token: STAFF_TOKEN,
    });
    expect(revoked.body).toMatchObject({ revoked: 2 });
    expect((await userInfo(learner.token)).status).toBe(401);
    expect((await userInfo(other.token)).status).toBe(401);
  });
});

describe('single-screen lease', () => {
  const lease = (token: string, body: Record<string, unknown>) =>
    call<{ acquired: boolean; currentOwner: string | null }>(
      platform.url,
      '/api/users/v1/screen_lease/acquire',
      {
        json: body,
        token,
      },
    );

  it('one machine at a time; force takes over (an event); the old machine then learns the new owner', async () => {
    const user = await signInFake(platform.url);
    const other = await signInFake(platform.url, { email: user.email });
    const subject = user.userId;
    const first = await lease(user.token, { machine_uuid: 'machine-a', subject, ttl: 25 });
    expect(first.body).toMatchObject({ acquired: true, currentOwner: 'machine-a' });
    expect((await lease(user.token, { machine_uuid: 'machine-a', subject, ttl: 25 })).body.acquired).toBe(
      true,
    );
    const refused = await lease(other.token, { machine_uuid: 'machine-b', subject, ttl: 25 });
    expect(refused.body).toMatchObject({ acquired: false, currentOwner: 'machine-a' });
    const forced = await lease(other.token, { machine_uuid: 'machine-b', subject, ttl: 25, force: true });
    expect(forced.body).toMatchObject({ acquired: true, currentOwner: 'machine-b' });
    const lost = await lease(user.token, { machine_uuid: 'machine-a', subject, ttl: 25 });
    expect(lost.body).toMatchObject({ acquired: false, currentOwner: 'machine-b' });
    const events = await eventsOf(user.userId);
    expect(events.filter((e) => e.type === 'ScreenLeaseTakenOver').map((e) => e.data)).toEqual([
      { userId: user.userId, machineUuid: 'machine-b', previousMachineUuid: 'machine-a' },
    ]);
  });

  it('an expired lease goes to the next machine without force', async () => {
    const user = await signInFake(platform.url);
    await lease(user.token, { machine_uuid: 'a', subject: user.userId, ttl: 1 });
    await new Promise((r) => setTimeout(r, 1100));
    const next = await lease(user.token, { machine_uuid: 'b', subject: user.userId });
    expect(next.body).toMatchObject({ acquired: true, currentOwner: 'b' });
  });

  it("refuses another account's subject", async () => {
    const user = await signInFake(platform.url);
    const answer = await lease(user.token, { machine_uuid: 'a', subject: 'someone-else' });
    expect(answer.status).toBe(403);
  });
});

describe('account wipe', () => {
  it('erases personal data and tokens; no trace of the email or name remains anywhere in the database', async () => {
    const email = uniqueEmail('wipe.me');
    const name = `Wilhelmina Wipeworth ${Date.now()}`;
    const user = await signInFake(platform.url, { email, name });
    const username = `wipe_${Date.now().toString(36)}`;
    await call(platform.url, '/api/auth/v1/username/set', { json: { username }, token: user.token });
    await call(platform.url, '/api/users/v1/screen_lease/acquire', {
      json: { machine_uuid: 'm1', subject: user.userId },
      token: user.token,
    });
    await call(platform.url, '/api/events/v1/event', {
      json: { type: 'page-view', body: { path: '/questions' } },
      token: user.token,
    });
    const wiped = await call<{ position: string }>(platform.url, '/api/auth/v1/account/wipe', {
      json: {},
      token: user.token,
    });
    expect(wiped.status).toBe(200);
    expect((await userInfo(user.token)).status).toBe(401);
    // The read models have seen the wipe.
    const access = await call(platform.url, `/api/staff/v1/users/${user.userId}/access`, {
      token: STAFF_TOKEN,
      headers: { 'x-min-position': wiped.body.position },
    });
    expect(access.status).toBe(404);

    const needles = [email.toLowerCase(), name, username];
    const tables = await platform.pool.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE'`,
    );
    for (const table of tables.rows) {
      const { rows } = await platform.pool.query(
        `SELECT t::text AS row FROM "${table.schema}"."${table.name}" t`,
      );
      for (const row of rows)
        for (const needle of needles) expect(`${table.name}: ${row.row}`).not.toContain(needle);
    }
    // The history stays: the user's stream still tells what happened, by id only.
    expect((await eventsOf(user.userId)).map((e) => e.type)).toEqual([
      'UserRegistered',
      'UserSignedIn',
      'UsernameSet',
      'AccountWiped',
    ]);
    // Signing in again is a new account.
    const again = await signInFake(platform.url, { email });
    expect(again.userId).not.toBe(user.userId);
  });
});
