/** Injection token of the OAuth providers (OAuthProvidersApi). */
export const OAUTH_PROVIDERS = Symbol('OAUTH_PROVIDERS');
