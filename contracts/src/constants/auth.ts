/* Auth and tokens (spec 5, 6, 9). */

export const AUTH_TOKEN_COOKIE_DAYS = 13;
/** A default (anonymous) auth token shorter than this is not valid. */
export const DEFAULT_TOKEN_MIN_LENGTH = 50;
/**
 * The token visitors send before signing in (spec 6). It is public: it only says "anonymous".
 * Servers accept it or any other configured default token of at least DEFAULT_TOKEN_MIN_LENGTH.
 */
export const DEFAULT_ANONYMOUS_TOKEN =
  'anonymous-visitor-token-v1.public-default-token-for-visitors-without-sign-in';
/** Session tokens start with this, so a server can tell an expired session from a wrong default token. */
export const SESSION_TOKEN_PREFIX = 'aes1_';
/** A session (and its token) lives as long as the logged-in cookie. */
export const SESSION_LIFETIME_MS = AUTH_TOKEN_COOKIE_DAYS * 24 * 60 * 60 * 1000;
/** Cookie holding the token in the web (spec 6: the logged-in state is a cookie). */
export const AUTH_TOKEN_COOKIE = 'ae_token';
/** Local-storage flag other tabs watch: set to 'false' on logout, they reload (spec 4, Login). */
export const LOGGED_IN_STORAGE_KEY = 'ae_logged_in';
/** How long an OAuth sign-in may take between the start and the provider's callback. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;
/** The message the authentication-success page posts to its opener. */
export const AUTH_MESSAGE_SOURCE = 'ae-auth';
export type AuthMessage =
  | { source: typeof AUTH_MESSAGE_SOURCE; type: 'token'; token: string }
  | { source: typeof AUTH_MESSAGE_SOURCE; type: 'error'; code: string; message: string };
/** Sign-in attempts (start, callback, fake) allowed per client address per minute. */
export const SIGN_IN_ATTEMPTS_PER_MINUTE = 30;
