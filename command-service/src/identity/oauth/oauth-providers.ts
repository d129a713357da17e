import type { SignInProvider } from '@app/contracts';

/*
 * INTERFACE ONLY (to be implemented): the OAuth 2.0 client side of sign-in for the four providers.
 * One code path for real providers and for tests: every endpoint comes from configuration, with the
 * real provider's endpoint as the default.
 */

/** What we keep from a provider's profile. Personal data: it goes to the profile table only. */
export type ProviderProfile = {
  providerUserId: string;
  email: string | null;
  name: string | null;
  avatarUrl: string | null;
};

export class OAuthExchangeError extends Error {
  constructor(
    message: string,
    /** The provider's OAuth error code when it gave one (invalid_grant for a reused code, ...). */
    readonly providerCode?: string,
  ) {
    super(message);
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
