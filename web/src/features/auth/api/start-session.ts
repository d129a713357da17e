import { holdCallsUntil } from '@/shared/api/api-slice';
import { settledLoginToken, watchLoggedInFlag } from '@/shared/auth/login-token';
import { beginSession } from '@/shared/auth/begin-session';
import { loadBillingAtStartup } from '@/shared/billing/billing-api';
import { selectIsSignedIn } from '@/shared/auth/session-slice';
import type { AppThunk } from '@/shared/lib/store';

/**
 * Once per page load: follows sign-ins and sign-outs of the other tabs, and when signed in exchanges
 * the token for a fresh one with the current roles (spec 4, Roles refresh) and loads the subscriptions
 * and charges (spec 7, Startup). The refresh is loaded only for signed-in visitors.
 */
export function startSession(): AppThunk {
  return (dispatch, getState) => {
    watchLoggedInFlag((isLoggedIn) => {
      const isSignedInHere = selectIsSignedIn(getState());
      // Another tab logged out: the cookie is gone, so this tab's page must not go on as the user's.
      if (!isLoggedIn && isSignedInHere) window.location.reload();
      if (isLoggedIn && !isSignedInHere) {
        void settledLoginToken((token) => token !== null, LOGIN_COOKIE_WAIT_MS).then((token) => {
          if (token && !selectIsSignedIn(getState())) dispatch(beginSignedInSession(token));
        });
      }
    });
    if (selectIsSignedIn(getState())) {
      holdCallsUntil(import('./refresh-roles').then(({ refreshRoles }) => dispatch(refreshRoles())));
      // Spec 7 startup calls: subscriptions and charges (they wait behind the refresh above).
      void dispatch(loadBillingAtStartup());
    }
  };
}

/**
 * The other tab's cookie can reach this tab a little after its storage event (they travel separate
 * ways inside the browser), so the cookie is looked for a short while before giving up.
 */
const LOGIN_COOKIE_WAIT_MS = 2000;

/** A sign-in here or in another tab: keep the token, then the startup calls a signed-in page makes. */
export function beginSignedInSession(token: string): AppThunk {
  return (dispatch) => {
    dispatch(beginSession(token));
    void dispatch(loadBillingAtStartup());
  };
}
