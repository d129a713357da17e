import { acquireScreenLease } from '@app/contracts';
import { api, markQuietEndpoints } from '@/shared/api/api-slice';
import { contractMutation } from '@/shared/api/contract-endpoint';

export const screenLeaseApi = api.injectEndpoints({
  endpoints: (build) => ({
    acquireScreenLease: contractMutation(build, acquireScreenLease),
  }),
});

export const { useAcquireScreenLeaseMutation } = screenLeaseApi;

// Renewed every tick: a failed round is ignored, the next one asks again (spec 7).
markQuietEndpoints('acquireScreenLease');
