/** The localStorage key holding the signed-in user's bearer token. */
export const AUTH_TOKEN_STORAGE_KEY = 'token';

/** The stored token, or null when there is none or storage is unavailable (private mode, blocked cookies). */
export function readAuthToken(): string | null {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}
