import {
  AUTH_TOKEN_COOKIE,
  AUTH_TOKEN_COOKIE_DAYS,
  DEFAULT_ANONYMOUS_TOKEN,
  isValidDefaultToken,
  LOGGED_IN_STORAGE_KEY,
} from '@app/contracts';

/*
 * Where the sign-in token lives in the browser (spec 6): a cookie, so the signed-in state survives
 * reloads and is shared by every tab, plus a local-storage flag whose changes other tabs hear about.
 */

const TOKEN_QUERY_PARAM = 'token';
const SECONDS_PER_DAY = 24 * 60 * 60;

/** The login token, or null when nobody is signed in on this browser. Read on every request: tabs share it. */
export function readLoginToken(): string | null {
  const prefix = `${AUTH_TOKEN_COOKIE}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  if (!entry) return null;
  const value = safeDecode(entry.slice(prefix.length));
  return value ? value : null;
}

const LOGIN_TOKEN_CHECK_MS = 50;

/**
 * The login token once `isSettled` holds for it, looked at every 50 ms for up to `maxWaitMs`; after that,
 * whatever it is. Another tab's change reaches the cookie a little apart from its other signals.
 */
export async function settledLoginToken(
  isSettled: (token: string | null) => boolean,
  maxWaitMs: number,
): Promise<string | null> {
  for (let waited = 0; ; waited += LOGIN_TOKEN_CHECK_MS) {
    const token = readLoginToken();
    if (isSettled(token) || waited >= maxWaitMs) return token;
    await new Promise((resolve) => window.setTimeout(resolve, LOGIN_TOKEN_CHECK_MS));
  }
}

export function saveLoginToken(token: string) {
  writeTokenCookie(encodeURIComponent(token), AUTH_TOKEN_COOKIE_DAYS * SECONDS_PER_DAY);
  writeLoggedInFlag(true);
}

/** Forgets the token; the flag turning 'false' makes the other tabs reload (spec 4, Login). */
export function clearLoginToken() {
  writeTokenCookie('', 0);
  writeLoggedInFlag(false);
}

/**
 * A sign-in that could not reach its opener lands on `?token=...` (spec 2, Other UI): the token is kept
 * and taken out of the url, so it is neither bookmarked nor shared. Runs before the router reads the url.
 */
export function adoptLoginTokenFromUrl() {
  const url = new URL(window.location.href);
  const token = url.searchParams.get(TOKEN_QUERY_PARAM);
  if (token === null) return;
  if (token) saveLoginToken(token);
  url.searchParams.delete(TOKEN_QUERY_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

// Checked once: a default token shorter than the minimum is refused by the servers, so it is never sent.
const defaultToken = isValidDefaultToken(DEFAULT_ANONYMOUS_TOKEN) ? DEFAULT_ANONYMOUS_TOKEN : null;
if (defaultToken === null) {
  console.error('The default anonymous token is too short to be valid; requests go without a token.');
}

/** The bearer token of a request: the login token, else the default anonymous one (spec 6). */
export function requestToken(loginToken: string | null): string | null {
  return loginToken ?? defaultToken;
}

/** Calls `onChange` when another tab signs in or out; returns the unsubscribe function. */
export function watchLoggedInFlag(onChange: (isLoggedIn: boolean) => void): () => void {
  function handleStorage(event: StorageEvent) {
    if (event.key !== LOGGED_IN_STORAGE_KEY || event.newValue === event.oldValue) return;
    if (event.newValue === 'true' || event.newValue === 'false') onChange(event.newValue === 'true');
  }
  window.addEventListener('storage', handleStorage);
  return () => window.removeEventListener('storage', handleStorage);
}

/** True when the flag every tab shares says signed out: a tab still showing a session has lost it elsewhere. */
export function isLoggedOutFlagSet(): boolean {
  try {
    return window.localStorage.getItem(LOGGED_IN_STORAGE_KEY) === 'false';
  } catch {
    return false;
  }
}

function writeTokenCookie(encodedValue: string, maxAgeSeconds: number) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${AUTH_TOKEN_COOKIE}=${encodedValue}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}

function writeLoggedInFlag(isLoggedIn: boolean) {
  try {
    window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, String(isLoggedIn));
  } catch {
    // Storage may be blocked (private mode, policies): the cookie alone still signs in this tab.
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
