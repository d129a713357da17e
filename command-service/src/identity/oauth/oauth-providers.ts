import { finishOAuth, signInProviderLabels, signInProviders, type SignInProvider } from '@app/contracts';
import type * as ArcticModule from 'arctic' with { 'resolution-mode': 'import' };

/*
 * The OAuth 2.0 client side of sign-in for the four providers. One code path for real providers and
 * for tests: every endpoint comes from configuration, with the real provider's endpoint as the default.
 *
 * arctic is an ES module while this service compiles to CommonJS, so it is loaded once, lazily, with a
 * dynamic import (no require(esm), hence no experimental warning under plain node).
 */

type Arctic = typeof ArcticModule;

/** What we keep from a provider's profile. Personal data: it goes to the profile table only. */
export type ProviderProfile = {
  providerUserId: string;
  email: string | null;
  name: string | null;
  avatarUrl: string | null;
};

export class OAuthExchangeError extends Error {
  override readonly name = 'OAuthExchangeError';

  constructor(
    message: string,
    /** The provider's OAuth error code when it gave one (invalid_grant for a reused code, ...). */
    readonly providerCode?: string,
  ) {
    super(message);
  }
}

/** Asked for the consent URL of a provider that has no client id and secret here. */
export class OAuthProviderUnavailableError extends Error {
  override readonly name = 'OAuthProviderUnavailableError';

  constructor(readonly provider: SignInProvider) {
    super(`Sign-in with ${signInProviderLabels[provider]} is not configured on this server.`);
  }
}

export type OAuthProvidersApi = {
  /** Every sign-in provider with whether it has a client id and secret here. */
  status(): { provider: SignInProvider; available: boolean }[];
  isAvailable(provider: SignInProvider): boolean;
  /** The provider's consent URL with state, PKCE (S256) challenge, scopes and our callback URI. */
  authorizationUrl(provider: SignInProvider, input: { state: string; codeVerifier: string }): Promise<URL>;
  /** Exchanges the code (with the PKCE verifier) and fetches the profile. Throws OAuthExchangeError. */
  exchange(provider: SignInProvider, input: { code: string; codeVerifier: string }): Promise<ProviderProfile>;
};

/**
 * How the token endpoint takes our client secret: HTTP Basic (arctic's OAuth2Client) or form fields
 * (client_secret_post), for the providers whose documentation only describes the latter.
 */
export type ClientAuthentication = 'basic' | 'post';

export type OAuthProviderConfig = {
  clientId: string;
  clientSecret: string;
  /** Our callback, registered with the provider. */
  redirectUri: string;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  /** GitHub only: where the primary verified email is read when the profile shows none. */
  emailsUrl?: string;
  scopes: readonly string[];
  clientAuthentication: ClientAuthentication;
};

export type OAuthProvidersOptions = {
  /** Limit for each request to a provider (token, profile, emails). */
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 10_000;
const USER_AGENT = 'interview-prep-platform';

type ProviderDefaults = Pick<
  OAuthProviderConfig,
  'authorizationUrl' | 'tokenUrl' | 'userinfoUrl' | 'scopes' | 'clientAuthentication'
>;

/** The real providers' endpoints (each overridable from the environment). */
const providerDefaults: Record<SignInProvider, ProviderDefaults> = {
  // Google's OpenID Connect discovery document (accounts.google.com/.well-known/openid-configuration).
  google: {
    authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    scopes: ['openid', 'email', 'profile'],
    clientAuthentication: 'basic',
  },
  // The emails endpoint is the userinfo URL + /emails (https://api.github.com/user/emails).
  github: {
    authorizationUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userinfoUrl: 'https://api.github.com/user',
    scopes: ['read:user', 'user:email'],
    clientAuthentication: 'basic',
  },
  // Facebook Login's manual flow; the Graph API version is part of every URL.
  facebook: {
    authorizationUrl: 'https://www.facebook.com/v25.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v25.0/oauth/access_token',
    userinfoUrl: 'https://graph.facebook.com/v25.0/me?fields=id,name,email,picture',
    scopes: ['email', 'public_profile'],
    clientAuthentication: 'post',
  },
  // Sign In with LinkedIn using OpenID Connect.
  linkedin: {
    authorizationUrl: 'https://www.linkedin.com/oauth/v2/authorization',
    tokenUrl: 'https://www.linkedin.com/oauth/v2/accessToken',
    userinfoUrl: 'https://api.linkedin.com/v2/userinfo',
    scopes: ['openid', 'profile', 'email'],
    clientAuthentication: 'post',
  },
};

/** OAUTH_<PROVIDER>_CLIENT_ID, OAUTH_GOOGLE_TOKEN_URL, ... */
export function oauthEnvName(provider: SignInProvider, setting: string): string {
  return `OAUTH_${provider.toUpperCase()}_${setting}`;
}

/** The redirect URI registered with every provider: the public URL + the finishOAuth path. */
export function oauthCallbackUrl(publicUrl: string, provider: SignInProvider): string {
  return `${publicUrl.replace(/\/+$/, '')}${finishOAuth.path.replace('{provider}', provider)}`;
}

let arcticModule: Promise<Arctic> | undefined;

function loadArctic(): Promise<Arctic> {
  arcticModule ??= import('arctic').catch((error: unknown) => {
    arcticModule = undefined;
    throw error;
  });
  return arcticModule;
}

export class OAuthProviders implements OAuthProvidersApi {
  private readonly timeoutMs: number;

  constructor(
    private readonly configs: Partial<Record<SignInProvider, OAuthProviderConfig>>,
    options: OAuthProvidersOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /**
   * A provider is available when OAUTH_<PROVIDER>_CLIENT_ID and OAUTH_<PROVIDER>_CLIENT_SECRET are both
   * set; OAUTH_<PROVIDER>_AUTHORIZATION_URL, _TOKEN_URL and _USERINFO_URL (and OAUTH_GITHUB_EMAILS_URL)
   * override the real endpoints. Throws on a malformed URL so that a bad deployment fails at start.
   */
  static fromEnv(env: NodeJS.ProcessEnv, publicUrl: string, options?: OAuthProvidersOptions): OAuthProviders {
    const base = httpUrl(publicUrl, 'the public URL').replace(/\/+$/, '');
    const configs: Partial<Record<SignInProvider, OAuthProviderConfig>> = {};
    for (const provider of signInProviders) {
      const setting = (name: string) => env[oauthEnvName(provider, name)]?.trim() || undefined;
      const clientId = setting('CLIENT_ID');
      const clientSecret = setting('CLIENT_SECRET');
      if (!clientId || !clientSecret) continue;
      const defaults = providerDefaults[provider];
      const endpoint = (name: string, fallback: string) =>
        httpUrl(setting(name) ?? fallback, oauthEnvName(provider, name));
      const userinfoUrl = endpoint('USERINFO_URL', defaults.userinfoUrl);
      configs[provider] = {
        ...defaults,
        clientId,
        clientSecret,
        redirectUri: oauthCallbackUrl(base, provider),
        authorizationUrl: endpoint('AUTHORIZATION_URL', defaults.authorizationUrl),
        tokenUrl: endpoint('TOKEN_URL', defaults.tokenUrl),
        userinfoUrl,
        ...(provider === 'github' && {
          emailsUrl: endpoint('EMAILS_URL', appendPath(userinfoUrl, 'emails')),
        }),
      };
    }
    return new OAuthProviders(configs, options);
  }

  status(): { provider: SignInProvider; available: boolean }[] {
    return signInProviders.map((provider) => ({ provider, available: this.isAvailable(provider) }));
  }

  isAvailable(provider: SignInProvider): boolean {
    return this.configs[provider] !== undefined;
  }

  async authorizationUrl(
    provider: SignInProvider,
    input: { state: string; codeVerifier: string },
  ): Promise<URL> {
    const config = this.configs[provider];
    if (!config) throw new OAuthProviderUnavailableError(provider);
    const arctic = await loadArctic();
    const client = new arctic.OAuth2Client(config.clientId, config.clientSecret, config.redirectUri);
    return client.createAuthorizationURLWithPKCE(
      config.authorizationUrl,
      input.state,
      arctic.CodeChallengeMethod.S256,
      input.codeVerifier,
      [...config.scopes],
    );
  }

  async exchange(
    provider: SignInProvider,
    input: { code: string; codeVerifier: string },
  ): Promise<ProviderProfile> {
    const label = signInProviderLabels[provider];
    const config = this.configs[provider];
    if (!config) throw new OAuthExchangeError(`Sign-in with ${label} is not configured on this server.`);
    if (!input.code) throw new OAuthExchangeError(`${label} returned no authorization code.`);
    const tokenResponse =
      config.clientAuthentication === 'basic'
        ? await this.tokenRequestWithArctic(label, config, input)
        : await this.tokenRequestWithFormSecret(label, config, input);
    const accessToken = readAccessToken(label, tokenResponse);
    const profile = readProfile[provider](
      await this.getJson(label, config.userinfoUrl, accessToken, 'profile'),
    );
    if (!profile.providerUserId) {
      throw new OAuthExchangeError(`${label} returned a profile without a user id.`);
    }
    if (provider === 'github' && profile.email === null && config.emailsUrl) {
      profile.email = await this.githubPrimaryEmail(label, config.emailsUrl, accessToken);
    }
    return { ...profile, providerUserId: profile.providerUserId };
  }

  /** arctic's OAuth2Client: client id and secret in HTTP Basic, code_verifier in the form. */
  private async tokenRequestWithArctic(
    label: string,
    config: OAuthProviderConfig,
    input: { code: string; codeVerifier: string },
  ): Promise<unknown> {
    const arctic = await loadArctic();
    const client = new arctic.OAuth2Client(config.clientId, config.clientSecret, config.redirectUri);
    try {
      const tokens = await withDeadline(
        client.validateAuthorizationCode(config.tokenUrl, input.code, input.codeVerifier),
        this.timeoutMs,
      );
      return tokens.data;
    } catch (error) {
      throw tokenError(arctic, label, error, this.timeoutMs);
    }
  }

  /** The same request with client_id and client_secret as form fields (Facebook, LinkedIn). */
  private async tokenRequestWithFormSecret(
    label: string,
    config: OAuthProviderConfig,
    input: { code: string; codeVerifier: string },
  ): Promise<unknown> {
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: config.redirectUri,
      client_id: config.clientId,
      client_secret: config.clientSecret,
      code_verifier: input.codeVerifier,
    });
    let response: Response;
    let data: unknown;
    try {
      response = await fetch(config.tokenUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
          'User-Agent': USER_AGENT,
        },
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      data = await response.json().catch(() => undefined);
    } catch (error) {
      throw new OAuthExchangeError(
        `${label}: the token request failed (${fetchFailure(error, this.timeoutMs)}).`,
      );
    }
    if (!response.ok) {
      const { code, description } = providerError(data);
      throw new OAuthExchangeError(
        `${label}: the token endpoint answered HTTP ${response.status}${describeCode(code, description)}.`,
        code,
      );
    }
    if (data === undefined) throw new OAuthExchangeError(`${label}: the token endpoint answered no JSON.`);
    return data;
  }

  /** GET with the access token as Bearer; any failure becomes an OAuthExchangeError. */
  private async getJson(label: string, url: string, accessToken: string, what: string): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: {
          Authorization: `Bearer ${accessToken}`,
          Accept: 'application/json',
          'User-Agent': USER_AGENT,
        },
        redirect: 'error',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const data: unknown = await response.json().catch(() => undefined);
      if (!response.ok) {
        const { code, description } = providerError(data);
        throw new OAuthExchangeError(
          `${label}: the ${what} request answered HTTP ${response.status}${describeCode(code, description)}.`,
          code,
        );
      }
      if (data === undefined) throw new OAuthExchangeError(`${label}: the ${what} request answered no JSON.`);
      return data;
    } catch (error) {
      if (error instanceof OAuthExchangeError) throw error;
      throw new OAuthExchangeError(
        `${label}: the ${what} request failed (${fetchFailure(error, this.timeoutMs)}).`,
      );
    }
  }

  /**
   * GitHub shows only the public email on the profile; the primary verified one comes from the emails
   * endpoint. Best effort: without it the user signs in with no email rather than not at all.
   */
  private async githubPrimaryEmail(label: string, url: string, accessToken: string): Promise<string | null> {
    try {
      const emails = await this.getJson(label, url, accessToken, 'emails');
      if (!Array.isArray(emails)) return null;
      const primary = emails.find(
        (entry) => isObject(entry) && entry.primary === true && entry.verified === true,
      );
      return isObject(primary) ? text(primary.email) : null;
    } catch {
      return null;
    }
  }
}

type ProfileDraft = Omit<ProviderProfile, 'providerUserId'> & { providerUserId: string | null };
type JsonObject = Record<string, unknown>;

const readOidcProfile = (data: unknown): ProfileDraft => {
  const info = isObject(data) ? data : {};
  return {
    providerUserId: text(info.sub),
    // An address the provider says is unverified is not one we can attach an account to.
    email: info.email_verified === false ? null : text(info.email),
    name: text(info.name),
    avatarUrl: text(info.picture),
  };
};

const readProfile: Record<SignInProvider, (data: unknown) => ProfileDraft> = {
  google: readOidcProfile,
  linkedin: readOidcProfile,
  github: (data) => {
    const info = isObject(data) ? data : {};
    return {
      providerUserId: identifier(info.id),
      email: text(info.email),
      name: text(info.name) ?? text(info.login),
      avatarUrl: text(info.avatar_url),
    };
  },
  facebook: (data) => {
    const info = isObject(data) ? data : {};
    const picture = isObject(info.picture) && isObject(info.picture.data) ? info.picture.data : {};
    return {
      providerUserId: identifier(info.id),
      email: text(info.email),
      name: text(info.name),
      avatarUrl: text(picture.url),
    };
  },
};

/** GitHub answers token errors with HTTP 200 and an error field; every provider must give access_token. */
function readAccessToken(label: string, data: unknown): string {
  const { code, description } = providerError(data);
  if (code) {
    throw new OAuthExchangeError(
      `${label} refused the authorization code${describeCode(code, description)}.`,
      code,
    );
  }
  const token = isObject(data) ? text(data.access_token) : null;
  if (!token) throw new OAuthExchangeError(`${label}: the token endpoint answered without an access token.`);
  return token;
}

function tokenError(arctic: Arctic, label: string, error: unknown, timeoutMs: number): OAuthExchangeError {
  if (error instanceof arctic.OAuth2RequestError) {
    return new OAuthExchangeError(
      `${label} refused the authorization code${describeCode(error.code, error.description)}.`,
      error.code,
    );
  }
  if (error instanceof arctic.UnexpectedErrorResponseBodyError) {
    const { code, description } = providerError(error.data);
    return new OAuthExchangeError(
      `${label}: the token endpoint answered HTTP ${error.status}${describeCode(code, description)}.`,
      code,
    );
  }
  if (error instanceof arctic.UnexpectedResponseError) {
    return new OAuthExchangeError(`${label}: the token endpoint answered HTTP ${error.status}.`);
  }
  const cause = error instanceof arctic.ArcticFetchError ? error.cause : error;
  return new OAuthExchangeError(`${label}: the token request failed (${fetchFailure(cause, timeoutMs)}).`);
}

/**
 * The error code and description of a provider's error body: RFC 6749 ({ error, error_description }),
 * Facebook ({ error: { type, message } }) or GitHub's API ({ message }).
 */
function providerError(data: unknown): { code?: string; description?: string } {
  if (!isObject(data)) return {};
  if (typeof data.error === 'string') {
    return { code: data.error, description: text(data.error_description) ?? undefined };
  }
  if (isObject(data.error)) {
    return { code: text(data.error.type) ?? undefined, description: text(data.error.message) ?? undefined };
  }
  return { description: text(data.message) ?? undefined };
}

function describeCode(code: string | undefined, description: string | null | undefined): string {
  const shortened = description && description.length > 200 ? `${description.slice(0, 200)}…` : description;
  if (code && shortened) return `: ${code} (${shortened})`;
  if (code) return `: ${code}`;
  return shortened ? ` (${shortened})` : '';
}

/**
 * Why a request failed, without the request itself (its URL or body could carry a code). Duck-typed:
 * fetch's errors may come from another realm (jest), where instanceof Error is false.
 */
function fetchFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof DeadlineExceeded || (isObject(error) && error.name === 'TimeoutError')) {
    return `no answer within ${timeoutMs / 1000} s`;
  }
  const cause = isObject(error) ? error.cause : undefined;
  if (isObject(cause) && typeof cause.code === 'string') return cause.code;
  return isObject(error) && typeof error.message === 'string' ? error.message : 'unknown error';
}

class DeadlineExceeded extends Error {}

/** arctic's requests take no AbortSignal: the exchange stops waiting at the deadline instead. */
async function withDeadline<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded()), timeoutMs);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

function httpUrl(value: string, what: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`OAuth configuration: ${what} is not a URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`OAuth configuration: ${what} must be an http(s) URL.`);
  }
  return value;
}

function appendPath(url: string, segment: string): string {
  const parsed = new URL(url);
  parsed.pathname = `${parsed.pathname.replace(/\/+$/, '')}/${segment}`;
  return parsed.href;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Provider ids are strings (Google, LinkedIn, Facebook) or numbers (GitHub). */
function identifier(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return text(value);
}
