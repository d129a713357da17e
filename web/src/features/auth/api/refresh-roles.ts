import { lostProductRole, refreshToken } from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractMutation } from '@/shared/api/contract-endpoint';
import type { AppThunk } from '@/shared/lib/store';

// The endpoint is named after the call id: the base query holds other calls back while it runs.
const refreshApi = api.injectEndpoints({
  endpoints: (build) => ({
    refreshToken: contractMutation(build, refreshToken),
  }),
});

/** Trades the token for a fresh one with the current roles; a lost product role reloads the page (spec 4). */
export function refreshRoles(): AppThunk<Promise<void>> {
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
