import { lostProductRole, refreshToken } from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractMutation } from '@/shared/api/contract-endpoint';
import { readLoginToken, watchLoggedInFlag } from '@/shared/auth/login-token';
import { beginSession } from '@/shared/auth/session';
import { selectIsSignedIn } from '@/shared/auth/session-slice';
import type { AppThunk } from '@/shared/lib/store';

// The endpoint is named after the call id: the base query holds other calls back while it runs.
const refreshApi = api.injectEndpoints({
  endpoints: (build) => ({
    refreshToken: contractMutation(build, refreshToken),
  }),
});

/**
 * Once per page load: follows sign-ins and sign-outs of the other tabs, and when signed in exchanges
 * the token for a fresh one with the current roles (spec 4, Roles refresh).
 */
export function startSession(): AppThunk {
  return (dispatch, getState) => {
    watchLoggedInFlag((isLoggedIn) => {
      const isSignedInHere = selectIsSignedIn(getState());
      // Another tab logged out: the cookie is gone, so this tab's page must not go on as the user's.
      if (!isLoggedIn && isSignedInHere) window.location.reload();
      if (isLoggedIn && !isSignedInHere) {
        void waitForLoginCookie().then((token) => {
          if (token && !selectIsSignedIn(getState())) dispatch(beginSession(token));
        });
      }
    });
    if (selectIsSignedIn(getState())) void dispatch(refreshRoles());
  };
}

/**
 * The other tab's cookie can reach this tab a little after its storage event (they travel separate
 * ways inside the browser), so the cookie is looked for a short while before giving up.
 */
async function waitForLoginCookie(): Promise<string | null> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const token = readLoginToken();
    if (token) return token;
    await new Promise((resolve) => window.setTimeout(resolve, 50));
  }
  return null;
}

function refreshRoles(): AppThunk<Promise<void>> {
  return async (dispatch) => {
    const call = dispatch(refreshApi.endpoints.refreshToken.initiate());
    try {
      const reply = await call.unwrap();
      // Content already loaded may belong to a product the user no longer owns.
      if (lostProductRole(reply.OldRoles, reply.Roles)) window.location.reload();
    } catch {
      // A 401 has ended the session in the base query; any other failure keeps the current token.
    } finally {
      call.reset();
    }
  };
}
