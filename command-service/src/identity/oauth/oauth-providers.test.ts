import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  startOAuthTestProvider,
  type OAuthTestProvider,
  type OAuthTestProviderName,
} from '../../../../tests/src/support/oauth-test-provider';
import { OAuthExchangeError, OAuthProviderUnavailableError, OAuthProviders } from './oauth-providers';

const publicUrl = 'https://app.example.test';
const allProviders: OAuthTestProviderName[] = ['google', 'github', 'facebook', 'linkedin'];

let server: OAuthTestProvider;

beforeAll(async () => {
  server = await startOAuthTestProvider();
});

afterAll(async () => {
  await server?.close();
});

function providersFor(...names: OAuthTestProviderName[]) {
  return OAuthProviders.fromEnv(Object.assign({}, ...names.map((name) => server.env(name))), publicUrl);
}

const randomToken = () => randomBytes(32).toString('base64url');

/** Plays the browser: opens the consent URL and reads the code from the redirect to our callback. */
async function authorize(providers: OAuthProviders, provider: OAuthTestProviderName) {
  const state = randomToken();
  const codeVerifier = randomToken();
  const url = await providers.authorizationUrl(provider, { state, codeVerifier });
  const answer = await fetch(url, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const callback = new URL(answer.headers.get('location') ?? '');
  expect(`${callback.origin}${callback.pathname}`).toBe(
    `${publicUrl}/api/auth/v1/oauth2/${provider}/callback`,
  );
  expect(callback.searchParams.get('state')).toBe(state);
  return { code: callback.searchParams.get('code') ?? '', codeVerifier };
}

async function exchangeError(promise: Promise<unknown>): Promise<OAuthExchangeError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OAuthExchangeError);
  return error as OAuthExchangeError;
}

describe('OAuthProviders (oauth) against a local OAuth 2.0 server', () => {
  it('builds the consent URL with state, an S256 challenge of the verifier, client id, callback and scopes', async () => {
    const providers = providersFor('google', 'github');
    const codeVerifier = randomToken();
    const url = await providers.authorizationUrl('google', { state: 'state-123', codeVerifier });

    expect(`${url.origin}${url.pathname}`).toBe(`${server.issuerUrl}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'google-test-client',
      redirect_uri: `${publicUrl}/api/auth/v1/oauth2/google/callback`,
      state: 'state-123',
      code_challenge_method: 'S256',
      code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
      scope: 'openid email profile',
    });
    const github = await providers.authorizationUrl('github', { state: 's', codeVerifier });
    expect(github.searchParams.get('scope')).toBe('read:user user:email');
  });

  it.each(allProviders)('%s: exchanges the code and maps the profile', async (provider) => {
    const providers = providersFor(provider);
    const { code, codeVerifier } = await authorize(providers, provider);
    server.nextProfile({
      sub: '4242',
      email: `${provider}-user@example.test`,
      name: 'Ada Lovelace',
      picture: `https://images.example.test/${provider}.png`,
    });

    await expect(providers.exchange(provider, { code, codeVerifier })).resolves.toEqual({
      providerUserId: '4242',
      email: `${provider}-user@example.test`,
      name: 'Ada Lovelace',
      avatarUrl: `https://images.example.test/${provider}.png`,
    });
  });

  it('github: reads the primary verified email when the profile hides it, and falls back to the login', async () => {
    const providers = providersFor('github');
    const { code, codeVerifier } = await authorize(providers, 'github');
    server.nextProfile({ sub: '77', email: 'private@example.test', privateEmail: true });

    await expect(providers.exchange('github', { code, codeVerifier })).resolves.toEqual({
      providerUserId: '77',
      email: 'private@example.test',
      name: 'login-77',
      avatarUrl: null,
    });
  });

  it('google: drops an email the provider marks unverified', async () => {
    const providers = providersFor('google');
    const { code, codeVerifier } = await authorize(providers, 'google');
    server.nextProfile({ sub: 'g-1', email: 'unverified@example.test', emailVerified: false });

    await expect(providers.exchange('google', { code, codeVerifier })).resolves.toEqual({
      providerUserId: 'g-1',
      email: null,
      name: null,
      avatarUrl: null,
    });
  });

  it.each(['google', 'linkedin'] as const)(
    '%s: a reused code is refused with invalid_grant',
    async (provider) => {
      const providers = providersFor(provider);
      const { code, codeVerifier } = await authorize(providers, provider);
      await providers.exchange(provider, { code, codeVerifier });

      const error = await exchangeError(providers.exchange(provider, { code, codeVerifier }));
      expect(error.providerCode).toBe('invalid_grant');
      expect(error.message).toContain('invalid_grant');
    },
  );

  it('a code exchanged with another verifier fails the PKCE check', async () => {
    const providers = providersFor('google');
    const { code } = await authorize(providers, 'google');

    const error = await exchangeError(providers.exchange('google', { code, codeVerifier: randomToken() }));
    // oauth2-mock-server answers a verifier mismatch with invalid_request (RFC 7636 would say invalid_grant).
    expect(error.providerCode).toBe('invalid_request');
    expect(error.message).toContain('code_verifier provided does not match code_challenge');
  });

  it('an unknown code is refused with invalid_grant', async () => {
    const providers = providersFor('facebook');
    const error = await exchangeError(
      providers.exchange('facebook', { code: 'never-issued', codeVerifier: randomToken() }),
    );
    expect(error.providerCode).toBe('invalid_grant');
  });

  it.each(['github', 'linkedin'] as const)(
    '%s: a provider error on the token endpoint carries its code',
    async (provider) => {
      const providers = providersFor(provider);
      const { code, codeVerifier } = await authorize(providers, provider);
      server.failNextTokenRequest({ status: 400, error: 'access_denied', description: 'Simulated' });

      const error = await exchangeError(providers.exchange(provider, { code, codeVerifier }));
      expect(error.providerCode).toBe('access_denied');
      expect(error.message).toMatch(/access_denied \(Simulated\)/);
    },
  );

  it('github: a token error answered with HTTP 200, as GitHub does, carries its code', async () => {
    const providers = providersFor('github');
    const { code, codeVerifier } = await authorize(providers, 'github');
    server.failNextTokenRequest({ status: 200, error: 'bad_verification_code' });

    const error = await exchangeError(providers.exchange('github', { code, codeVerifier }));
    expect(error.providerCode).toBe('bad_verification_code');
  });

  it('a token endpoint failing with HTTP 503 becomes an OAuthExchangeError', async () => {
    const providers = providersFor('google');
    const { code, codeVerifier } = await authorize(providers, 'google');
    server.failNextTokenRequest({ status: 503 });

    const error = await exchangeError(providers.exchange('google', { code, codeVerifier }));
    expect(error.message).toContain('HTTP 503');
  });

  it.each(['google', 'linkedin'] as const)(
    '%s: wrong client credentials are refused with invalid_client',
    async (provider) => {
      const env = {
        ...server.env(provider),
        [`OAUTH_${provider.toUpperCase()}_CLIENT_SECRET`]: 'wrong-secret',
      };
      const providers = OAuthProviders.fromEnv(env, publicUrl);
      const { code, codeVerifier } = await authorize(providers, provider);

      const error = await exchangeError(providers.exchange(provider, { code, codeVerifier }));
      expect(error.providerCode).toBe('invalid_client');
      expect(error.message).not.toContain('wrong-secret');
    },
  );

  it.each(['google', 'facebook'] as const)(
    '%s: a userinfo failure becomes an OAuthExchangeError',
    async (provider) => {
      const providers = providersFor(provider);
      const { code, codeVerifier } = await authorize(providers, provider);
      server.failNextUserinfoRequest({ status: 500, error: 'server_error' });

      const error = await exchangeError(providers.exchange(provider, { code, codeVerifier }));
      expect(error.message).toContain('profile request answered HTTP 500');
      expect(error.providerCode).toBe('server_error');
    },
  );

  it('a profile without an id is refused', async () => {
    const providers = providersFor('linkedin');
    const { code, codeVerifier } = await authorize(providers, 'linkedin');
    server.nextProfile({ sub: '' });

    const error = await exchangeError(providers.exchange('linkedin', { code, codeVerifier }));
    expect(error.message).toContain('without a user id');
  });

  it('an unreachable userinfo endpoint becomes an OAuthExchangeError naming the cause', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const env = { ...server.env('google'), OAUTH_GOOGLE_USERINFO_URL: `http://127.0.0.1:${port}/userinfo` };
    const providers = OAuthProviders.fromEnv(env, publicUrl);
    const { code, codeVerifier } = await authorize(providers, 'google');

    const error = await exchangeError(providers.exchange('google', { code, codeVerifier }));
    expect(error.message).toContain('ECONNREFUSED');
  });

  it.each(['google', 'facebook'] as const)(
    '%s: a token endpoint that does not answer in time becomes an OAuthExchangeError',
    async (provider) => {
      const silent = createServer(() => undefined);
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      try {
        const env = {
          ...server.env(provider),
          [`OAUTH_${provider.toUpperCase()}_TOKEN_URL`]: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/token`,
        };
        const providers = OAuthProviders.fromEnv(env, publicUrl, { timeoutMs: 300 });
        const error = await exchangeError(
          providers.exchange(provider, { code: 'x', codeVerifier: randomToken() }),
        );
        expect(error.message).toContain('no answer within 0.3 s');
      } finally {
        silent.closeAllConnections();
        await new Promise<void>((resolve) => silent.close(() => resolve()));
      }
    },
  );

  it('a provider is available only with both client id and secret', async () => {
    const providers = OAuthProviders.fromEnv(
      {
        ...server.env('github'),
        OAUTH_GOOGLE_CLIENT_ID: 'only-the-id',
        OAUTH_LINKEDIN_CLIENT_SECRET: 'only-secret',
      },
      publicUrl,
    );
    expect(providers.status()).toEqual([
      { provider: 'google', available: false },
      { provider: 'github', available: true },
      { provider: 'facebook', available: false },
      { provider: 'linkedin', available: false },
    ]);
    await expect(
      providers.authorizationUrl('google', { state: 's', codeVerifier: 'v' }),
    ).rejects.toBeInstanceOf(OAuthProviderUnavailableError);
    await exchangeError(providers.exchange('linkedin', { code: 'c', codeVerifier: 'v' }));
  });

  it('defaults to the real providers endpoints and rejects a malformed override', async () => {
    const env = { OAUTH_FACEBOOK_CLIENT_ID: 'id', OAUTH_FACEBOOK_CLIENT_SECRET: 'secret' };
    const url = await OAuthProviders.fromEnv(env, `${publicUrl}/`).authorizationUrl('facebook', {
      state: 's',
      codeVerifier: randomToken(),
    });
    expect(`${url.origin}${url.pathname}`).toBe('https://www.facebook.com/v25.0/dialog/oauth');
    expect(url.searchParams.get('redirect_uri')).toBe(`${publicUrl}/api/auth/v1/oauth2/facebook/callback`);
    expect(url.searchParams.get('scope')).toBe('email public_profile');

    expect(() =>
      OAuthProviders.fromEnv({ ...env, OAUTH_FACEBOOK_TOKEN_URL: 'not a url' }, publicUrl),
    ).toThrow('OAUTH_FACEBOOK_TOKEN_URL is not a URL');
  });
});
