import {
  type AccountAsOf,
  type HistoryEvent,
  apiCalls,
  buildPath,
  differences,
  unlockProductIds,
} from '@app/contracts';
import { type Platform, STAFF_TOKEN, call, startPlatform } from './platform-harness';
import { type SignedInUser, signInFake, uniqueEmail } from './identity-support';

/*
 * The management area's calls: who may use them (every staff call, found in the contracts, so calls
 * other areas add are walked too), staff identity (STAFF_EMAILS, a staff member's grant as an audited
 * event), and an account's audit history across its streams: order, metadata, paging, filters,
 * export, causation, and what it keeps after a wipe.
 */

const bossEmail = uniqueEmail('boss');
let platform: Platform;
let boss: SignedInUser;
beforeAll(async () => {
  platform = await startPlatform({
    env: { STAFF_EMAILS: ` Someone@else.test, ${bossEmail.toUpperCase()} ` },
  });
  boss = await signInFake(platform.url, { email: bossEmail });
});
afterAll(() => platform?.close());

/** The newest position in the store: a query sent with it sees everything appended so far. */
async function head(): Promise<Record<string, string>> {
  const { rows } = await platform.pool.query<{ p: string }>(
    `SELECT transaction_id::text || '.' || position AS p FROM es_events ORDER BY transaction_id DESC, position DESC LIMIT 1`,
  );
  return { 'x-min-position': rows[0].p };
}

type HistoryPage = { events: HistoryEvent[]; nextCursor: string | null };
async function history(userId: string, query = '', token = boss.token) {
  return call<HistoryPage>(platform.url, `/api/staff/v1/accounts/${userId}/history${query}`, {
    token,
    headers: await head(),
  });
}

describe('staff access matrix: every staff call in the contracts', () => {
  const staffCalls = apiCalls.filter((c) => c.access.kind === 'staff' && c.state === 'built');
  const request = (id: string) => {
    const apiCall = apiCalls.find((c) => c.id === id)!;
    const params = Object.fromEntries(
      [...apiCall.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], '00000000-0000-4000-8000-000000000000']),
    );
    return {
      path: buildPath(apiCall, params),
      method: apiCall.method,
      json: apiCall.method === 'POST' ? {} : undefined,
    };
  };

  it('every call under /api/staff/ is staff-only, and there are staff calls to walk', () => {
    expect(staffCalls.length).toBeGreaterThan(10);
    const open = apiCalls.filter((c) => c.path.startsWith('/api/staff/') && c.access.kind !== 'staff');
    expect(open.map((c) => c.id)).toEqual([]);
  });

  it.each(staffCalls.map((c) => [c.id]))('%s: anonymous 401, a learner 403, nothing appended', async (id) => {
    const learner = await signInFake(platform.url);
    const { path, method, json } = request(id);
    const before = await platform.countEvents();
    const anonymous = await call(platform.url, path, { method, json });
    expect([anonymous.status, anonymous.body]).toEqual([
      401,
      { code: 'UNAUTHENTICATED', message: 'Sign in to use this call.' },
    ]);
    const refused = await call(platform.url, path, { method, json, token: learner.token });
    expect([refused.status, refused.body]).toEqual([
      403,
      { code: 'FORBIDDEN', message: 'This call is for staff only.' },
    ]);
    expect(await platform.countEvents()).toBe(before);
  });

  it.each(staffCalls.filter((c) => c.method === 'GET').map((c) => [c.id]))(
    '%s: a signed-in staff member (STAFF_EMAILS) gets past the access check',
    async (id) => {
      const { path } = request(id);
      const answer = await call(platform.url, path, { token: boss.token });
      expect([401, 403]).not.toContain(answer.status);
    },
  );
});

describe('staff identity', () => {
  it('an email in STAFF_EMAILS (any case) is granted the staff role once, in its history', async () => {
    await signInFake(platform.url, { email: bossEmail });
    const page = await history(boss.userId, '?types=RoleGranted');
    expect(page.status).toBe(200);
    expect(page.body.events.map((e) => [e.data, e.actor])).toEqual([
      [
        { userId: boss.userId, role: 'staff', reason: 'Listed in STAFF_EMAILS.' },
        { kind: 'user', id: boss.userId },
      ],
    ]);
  });

  it("a staff member's grant is an event whose actor is that staff member, in both histories", async () => {
    const learner = await signInFake(platform.url);
    const granted = await call(platform.url, '/api/staff/v1/users/roles/grant', {
      json: { userId: learner.userId, role: 'staff', reason: 'joins the team' },
      token: boss.token,
    });
    expect(granted.status).toBe(200);
    const theirs = (await history(learner.userId, '?types=RoleGranted')).body.events;
    expect(theirs.map((e) => [e.data, e.actor])).toEqual([
      [
        { userId: learner.userId, role: 'staff', reason: 'joins the team' },
        { kind: 'staff', id: boss.userId },
      ],
    ]);
    const log = (await history(boss.userId, '?types=RoleGranted')).body.events.map((e) => e.eventId);
    expect(log).toContain(theirs[0].eventId);
    // The new staff member's own session now reaches the staff calls.
    expect((await history(boss.userId, '', learner.token)).status).toBe(200);
  });
});

describe('account history', () => {
  let learner: SignedInUser;
  let all: HistoryEvent[];
  beforeAll(async () => {
    learner = await signInFake(platform.url);
    for (const [path, json] of [
      ['/api/problems/v1/algoexpert/user-data/set', { data: { notes: { q1: 'remember the two pointers' } } }],
      ['/api/problems/v1/systemsexpert/user-data/set', { data: { sortMethod: 'category' } }],
    ] as const) {
      const answer = await call(platform.url, path, { json, token: learner.token });
      expect(answer.status).toBe(200);
    }
    await call(platform.url, '/api/staff/v1/users/roles/grant', {
      json: { userId: learner.userId, role: 'premiumv1' },
      token: STAFF_TOKEN,
    });
    const page = await history(learner.userId);
    expect(page.status).toBe(200);
    all = page.body.events;
  });

  it('lists every event of the account across its streams, oldest first, with metadata', async () => {
    expect(all.map((e) => [e.type, e.stream, e.revision])).toEqual([
      ['UserRegistered', `user-${learner.userId}`, 0],
      ['UserSignedIn', `user-${learner.userId}`, 1],
      ['UserDataSet', `user-data-algoexpert-${learner.userId}`, 0],
      ['UserDataSet', `user-data-systemsexpert-${learner.userId}`, 0],
      ['RoleGranted', `user-${learner.userId}`, 2],
    ]);
    const stored = await platform.pool.query<{
      event_id: string;
      p: string;
      metadata: Record<string, unknown>;
    }>(
      `SELECT event_id, transaction_id::text || '.' || position AS p, metadata FROM es_events
        WHERE event_id = ANY($1::uuid[]) ORDER BY transaction_id, position`,
      [all.map((e) => e.eventId)],
    );
    expect(stored.rows.map((r) => r.event_id)).toEqual(all.map((e) => e.eventId));
    all.forEach((event, i) => {
      const { metadata, p } = stored.rows[i];
      expect(event).toMatchObject({
        position: p,
        schemaVersion: 1,
        occurredAt: new Date(metadata.occurredAt as string).toISOString(),
        actor: metadata.actor,
        correlationId: metadata.correlationId,
        causationId: metadata.causationId,
      });
    });
    expect(all[4].actor).toEqual({ kind: 'staff', id: 'operator' });
    expect(all[2].data).toMatchObject({
      product: 'algoexpert',
      data: { notes: { q1: 'remember the two pointers' } },
    });
  });

  it('pages with the cursor to the same list, and filters by type, stream and time', async () => {
    const walked: HistoryEvent[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: { body: HistoryPage } = await history(
        learner.userId,
        `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.body.events.length).toBeLessThanOrEqual(2);
      walked.push(...page.body.events);
      cursor = page.body.nextCursor;
    }
    expect(walked).toEqual(all);
    const types = await history(learner.userId, '?types=UserDataSet,RoleGranted');
    expect(types.body.events.map((e) => e.type)).toEqual(['UserDataSet', 'UserDataSet', 'RoleGranted']);
    const streams = await history(learner.userId, `?streams=user-data-systemsexpert-`);
    expect(streams.body.events.map((e) => e.stream)).toEqual([`user-data-systemsexpert-${learner.userId}`]);
    const from = await history(learner.userId, `?from=${encodeURIComponent(all[2].occurredAt)}`);
    expect(from.body.events.map((e) => e.eventId)).toEqual(all.slice(2).map((e) => e.eventId));
    const to = await history(learner.userId, `?to=${encodeURIComponent(all[2].occurredAt)}`);
    expect(to.body.events.map((e) => e.eventId)).toEqual(all.slice(0, 2).map((e) => e.eventId));
  });

  it('refuses a bad cursor, limit or instant with the reason', async () => {
    const bad = await history(learner.userId, '?cursor=nope&limit=0');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Give a position as <transaction id>.<position>.');
    expect(JSON.stringify(bad.body)).toContain('The limit is at least 1.');
  });

  it('exports the same events as NDJSON, one per line', async () => {
    const response = await fetch(`${platform.url}/api/staff/v1/accounts/${learner.userId}/history/export`, {
      headers: { authorization: `Bearer ${boss.token}`, ...(await head()) },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = (await response.text()).trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line) as HistoryEvent)).toEqual(all);
  });

  it("shows an event's causation: the events of the same request and what named it as their cause", async () => {
    const signedIn = all[1];
    const answer = await call<{
      event: HistoryEvent;
      causedBy: HistoryEvent[];
      caused: HistoryEvent[];
      sameCorrelation: HistoryEvent[];
      stored: { schemaVersion: number; data: unknown };
    }>(platform.url, `/api/staff/v1/events/${signedIn.eventId}/causation`, { token: boss.token });
    expect(answer.status).toBe(200);
    expect(answer.body.event).toEqual(signedIn);
    // Written in today's shape: as stored is the same data, at its version.
    expect(answer.body.stored).toEqual({ schemaVersion: signedIn.schemaVersion, data: signedIn.data });
    expect(answer.body.sameCorrelation.map((e) => e.type)).toEqual(['UserRegistered']);
    // The sign-in's first event (the registration) caused the rest of what it appended.
    expect(answer.body.causedBy.map((e) => e.type)).toEqual(['UserRegistered']);
    const registered = await call<{ caused: HistoryEvent[]; causedBy: HistoryEvent[] }>(
      platform.url,
      `/api/staff/v1/events/${all[0].eventId}/causation`,
      { token: boss.token },
    );
    expect(registered.body.causedBy).toEqual([]);
    expect(registered.body.caused.map((e) => e.eventId)).toContain(signedIn.eventId);
    const unknown = await call(
      platform.url,
      `/api/staff/v1/events/00000000-0000-4000-8000-000000000000/causation`,
      {
        token: boss.token,
      },
    );
    expect(unknown.status).toBe(404);
  });

  it('shows the account as it was after any event, stepping back and forth, replayed from its events', async () => {
    const asOf = async (position: string) => {
      const answer = await call<AccountAsOf>(
        platform.url,
        `/api/staff/v1/accounts/${learner.userId}/as-of?position=${encodeURIComponent(position)}`,
        { token: boss.token, headers: await head() },
      );
      expect(answer.status).toBe(200);
      return answer.body;
    };
    const [, signedIn, algoNotes, systemsSort, granted] = all;
    const afterNotes = await asOf(algoNotes.position);
    expect(afterNotes).toMatchObject({
      position: algoNotes.position,
      event: algoNotes,
      previousPosition: signedIn.position,
      nextPosition: systemsSort.position,
      ownedProducts: [],
      certificates: [],
      userData: { algoexpert: { notes: { q1: 'remember the two pointers' } } },
    });
    expect(afterNotes.unlocks.algoexpert).toMatchObject({
      numQuestionsCompleted: 0,
      hasUnlockedLatestCert: false,
    });
    expect(Object.keys(afterNotes.unlocks).sort()).toEqual([...unlockProductIds].sort());
    // One step forward: the next event's difference is the systems-design sort method.
    const afterSort = await asOf(afterNotes.nextPosition!);
    expect(differences(afterNotes, afterSort).filter((d) => d.path.startsWith('userData'))).toEqual([
      { path: 'userData.systemsexpert.sortMethod', before: undefined, after: 'category' },
    ]);
    const afterGrant = await asOf(granted.position);
    expect(afterGrant.ownedProducts).toEqual(['algoexpert']);
    expect(afterGrant.nextPosition).toBeNull();
    // Back before the first user data: none yet, and nothing owned.
    const atSignIn = await asOf(signedIn.position);
    expect([atSignIn.userData, atSignIn.ownedProducts, atSignIn.previousPosition]).toEqual([
      {},
      [],
      all[0].position,
    ]);
    const bad = await call(platform.url, `/api/staff/v1/accounts/${learner.userId}/as-of?position=soon`, {
      token: boss.token,
    });
    expect(bad.status).toBe(400);
  });

  it('after a wipe still lists every event, with ids only and no personal data', async () => {
    const wiped = await call<{ position: string }>(platform.url, '/api/auth/v1/account/wipe', {
      json: {},
      token: learner.token,
    });
    expect(wiped.status).toBe(200);
    const after = await history(learner.userId);
    expect(after.body.events.map((e) => e.eventId)).toEqual([
      ...all.map((e) => e.eventId),
      expect.any(String),
    ]);
    expect(after.body.events.map((e) => e.type).at(-1)).toBe('AccountWiped');
    for (const event of after.body.events) {
      expect(Object.keys(event.data as object).every((key) => /(^id|Id|Ids)$/.test(key))).toBe(true);
      expect(event.data).toMatchObject({ userId: learner.userId });
    }
    const text = JSON.stringify(after.body);
    expect(text).not.toContain('two pointers');
    expect(text).not.toContain(learner.email);
    // The store keeps what was written, but the event's page shows of it the ids only.
    const noted = all.find((e) => JSON.stringify(e.data).includes('two pointers'))!;
    const detail = await call<{ stored: { data: unknown } }>(
      platform.url,
      `/api/staff/v1/events/${noted.eventId}/causation`,
      { token: boss.token, headers: { 'x-min-position': wiped.body.position } },
    );
    expect(JSON.stringify(detail.body.stored)).not.toContain('two pointers');
    const asOf = await call(
      platform.url,
      `/api/staff/v1/accounts/${learner.userId}/as-of?position=${encodeURIComponent(all[2].position)}`,
      { token: boss.token },
    );
    expect(asOf.status).toBe(404);
  });
});
