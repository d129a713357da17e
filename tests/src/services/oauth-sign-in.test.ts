import { type Platform, call, startPlatform } from './platform-harness';
import { tokenFromSuccessPage } from './identity-support';
import { type OAuthTestProvider, startOAuthTestProvider } from '../support/oauth-test-provider';

/*
 * The real OAuth 2.0 code path, end to end: the platform is configured with a local OAuth server as
 * its Google and GitHub, and the test plays the browser (redirects followed by hand, the state cookie
 * carried like a browser would).
 */

let provider: OAuthTestProvider;
let platform: Platform;
beforeAll(async () => {
  provider = await startOAuthTestProvider();
  platform = await startPlatform({ env: { ...provider.env('google'), ...provider.env('github') } });
});
afterAll(async () => {
  await platform?.close();
  await provider?.close();
});

const noFollow = (url: string, cookie?: string) =>
  fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });

type Started = { cookie: string; callback: URL };

/** The popup's first two hops: our start (302 to the provider, state cookie set), the provider's consent. */
async function startFlow(name: 'google' | 'github', query = 'redirect=%2Fquestions'): Promise<Started> {
  const start = await noFollow(`${platform.url}/api/auth/v1/oauth2/${name}?${query}`);
  expect(start.status).toBe(302);
  const cookie = start.headers.get('set-cookie')!.split(';')[0];
  expect(cookie).toMatch(/^ae_oauth_state=/);
  expect(start.headers.get('set-cookie')).toMatch(/HttpOnly/i);
  const consent = new URL(start.headers.get('location')!);
  expect(consent.searchParams.get('code_challenge_method')).toBe('S256');
  expect(consent.searchParams.get('redirect_uri')).toBe(
    `${platform.url}/api/auth/v1/oauth2/${name}/callback`,
  );
  const approved = await noFollow(consent.href);
  expect(approved.status).toBe(302);
  return { cookie, callback: new URL(approved.headers.get('location')!) };
}

const finish = async (callback: URL, cookie?: string) => {
  const answer = await noFollow(callback.href, cookie);
  return { status: answer.status, code: answer.headers.get('x-error-code'), html: await answer.text() };
};

const userInfo = (token: string) =>
  call<Record<string, unknown>>(platform.url, '/api/users/v1/userinfo/get', { json: {}, token });

describe('OAuth sign-in against a real OAuth 2.0 server', () => {
  it('lists the configured providers as available', async () => {
    const answer = await call<{ providers: unknown[] }>(platform.url, '/api/auth/v1/providers');
    expect(answer.body.providers).toEqual([
      { provider: 'google', available: true },
      { provider: 'github', available: true },
      { provider: 'facebook', available: false },
      { provider: 'linkedin', available: false },
    ]);
  });

  it('exchanges the code, fetches the profile, creates the account, then finds it again', async () => {
    const sub = `google-${Date.now()}`;
    provider.nextProfile({
      sub,
      email: 'grace@example.test',
      name: 'Grace Hopper',
      picture: 'https://img.test/g.png',
    });
    const flow = await startFlow('google');
    const done = await finish(flow.callback, flow.cookie);
    expect(done.status).toBe(200);
    const token = tokenFromSuccessPage(done.html);
    const info = await userInfo(token);
    expect(info.body).toMatchObject({
      email: 'grace@example.test',
      name: 'Grace Hopper',
      avatarUrl: 'https://img.test/g.png',
      oauthProvider: 'google',
      oauthUserId: sub,
    });
    // The success page posts to the redirect's origin and falls back to <redirect>?token=.
    expect(done.html).toContain(`${platform.url}/questions?token=${token}`);

    provider.nextProfile({ sub, email: 'grace@example.test', name: 'Rear Admiral Hopper' });
    const again = await startFlow('google');
    const second = tokenFromSuccessPage((await finish(again.callback, again.cookie)).html);
    const secondInfo = await userInfo(second);
    expect(secondInfo.body.subject).toBe(info.body.subject);
    expect(secondInfo.body.name).toBe('Rear Admiral Hopper');
    const { rows } = await platform.pool.query(
      'SELECT type FROM es_events WHERE stream_id = $1 ORDER BY revision',
      [`user-${String(info.body.subject)}`],
    );
    expect(rows.map((r) => r.type)).toEqual(['UserRegistered', 'UserSignedIn', 'UserSignedIn']);
  });

  it('signs in with GitHub too, mapping its profile', async () => {
    provider.nextProfile({ sub: '4242', email: 'octo@example.test', name: 'Octo Cat' });
    const flow = await startFlow('github');
    const info = await userInfo(tokenFromSuccessPage((await finish(flow.callback, flow.cookie)).html));
    expect(info.body).toMatchObject({
      oauthProvider: 'github',
      oauthUserId: '4242',
      email: 'octo@example.test',
    });
  });

  it('refuses a bad state, a state replayed, or a state from another browser, appending nothing', async () => {
    provider.nextProfile({ sub: 'state-tests', email: 's@example.test' });
    const flow = await startFlow('google');
    const before = await platform.countEvents();
    const forged = new URL(flow.callback);
    forged.searchParams.set('state', 'forged');
    expect(await finish(forged, flow.cookie)).toMatchObject({ status: 400, code: 'OAUTH_BAD_STATE' });
    // No cookie: the sign-in was started in another browser.
    expect(await finish(flow.callback)).toMatchObject({ status: 400, code: 'OAUTH_BAD_STATE' });
    // The state was consumed by the attempt above: replaying it with the cookie fails too.
    const replay = await finish(flow.callback, flow.cookie);
    expect(replay).toMatchObject({ status: 400, code: 'OAUTH_BAD_STATE' });
    expect(replay.html).toContain(
      'This sign-in has expired, was used already, or was started in another browser',
    );
    expect(await platform.countEvents()).toBe(before);
  });

  it('refuses a reused code (the provider answers invalid_grant)', async () => {
    provider.nextProfile({ sub: 'reuse', email: 'reuse@example.test' });
    const first = await startFlow('google');
    expect((await finish(first.callback, first.cookie)).status).toBe(200);
    const second = await startFlow('google');
    const reused = new URL(second.callback);
    reused.searchParams.set('code', first.callback.searchParams.get('code')!);
    const before = await platform.countEvents();
    const answer = await finish(reused, second.cookie);
    expect(answer).toMatchObject({ status: 400, code: 'OAUTH_EXCHANGE_FAILED' });
    expect(await platform.countEvents()).toBe(before);
  });

  it('shows a provider error (the person declined) and a failing token endpoint as failures', async () => {
    const flow = await startFlow('google');
    const declined = new URL(flow.callback);
    declined.searchParams.delete('code');
    declined.searchParams.set('error', 'access_denied');
    const answer = await finish(declined, flow.cookie);
    expect(answer).toMatchObject({ status: 400, code: 'OAUTH_PROVIDER_ERROR' });
    // The opener is told, so the web can show 'Failed to retrieve log in token.'
    expect(answer.html).toContain('"type":"error"');
    expect(answer.html).toContain('"code":"OAUTH_PROVIDER_ERROR"');

    provider.failNextTokenRequest({ status: 500, error: 'server_error' });
    const failing = await startFlow('google');
    expect(await finish(failing.callback, failing.cookie)).toMatchObject({
      status: 400,
      code: 'OAUTH_EXCHANGE_FAILED',
    });
  });
});

describe('abuse and production', () => {
  it('rate-limits sign-in attempts per address', async () => {
    const limited = await startPlatform({ env: { SIGN_IN_ATTEMPTS_PER_MINUTE: '5' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const answer = await call(limited.url, `/api/auth/v1/oauth2/fake?email=r${i}%40example.test`);
        statuses.push(answer.status);
        if (answer.status === 429) {
          expect(answer.headers.get('x-error-code')).toBe('RATE_LIMITED');
          expect(String(answer.body)).toContain('Too many sign-in attempts from this address');
        }
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('turns the fake provider off in production: 404, and the provider list says so', async () => {
    const production = await startPlatform({
      env: { NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_unused_here' },
    });
    try {
      const fake = await call(production.url, '/api/auth/v1/oauth2/fake?email=a%40example.test');
      expect(fake.status).toBe(404);
      expect(fake.body).toEqual({ code: 'NOT_FOUND', message: 'No such sign-in provider here.' });
      const list = await call<{ fakeProviderEnabled: boolean }>(production.url, '/api/auth/v1/providers');
      expect(list.body.fakeProviderEnabled).toBe(false);
    } finally {
      await production.close();
    }
  });
});
