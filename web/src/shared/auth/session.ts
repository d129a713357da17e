import { getUserInfoRoute, signOutRoute, type signOut } from '@app/contracts';
import { api, endSession } from '@/shared/api/api-slice';
import { contractMutation, contractQuery, type CallRequest } from '@/shared/api/contract-endpoint';
import { getMachineUuid } from '@/shared/lib/machine-uuid';
import { useAppSelector, type AppThunk } from '@/shared/lib/store';
import { selectIsSignedIn } from './session-slice';

export { beginSession } from './begin-session';

export type LogoutReason = NonNullable<CallRequest<typeof signOut>['reason']>;

// Endpoint names are the contract call ids: the base query recognises the logout call by its id.
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Routes, not calls: every page's shell asks for the user, and zod stays out of its chunks.
    getUserInfo: contractQuery(build, getUserInfoRoute, { providesTags: ['UserInfo'] }),
    signOut: contractMutation(build, signOutRoute),
  }),
});

/** The signed-in user (spec 3, User info); nothing is asked while signed out. */
export function useCurrentUser() {
  const isSignedIn = useAppSelector(selectIsSignedIn);
  return sessionApi.useGetUserInfoQuery({ machineUuid: getMachineUuid() }, { skip: !isSignedIn });
}

export function useIsSignedIn(): boolean {
  return useAppSelector(selectIsSignedIn);
}

/** Revokes the token on the server, then forgets it here; a failed call still ends the session locally. */
export function logOut(reason: LogoutReason): AppThunk<Promise<void>> {
  return async (dispatch) => {
    try {
      await dispatch(sessionApi.endpoints.signOut.initiate({ reason })).unwrap();
    } catch {
      // The token may be revoked already, or the server unreachable: this browser signs out regardless.
    }
    dispatch(endSession());
  };
}
