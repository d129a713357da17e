import { acquireScreenLease } from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractMutation } from '@/shared/api/contract-endpoint';

export const screenLeaseApi = api.injectEndpoints({
  endpoints: (build) => ({
    acquireScreenLease: contractMutation(build, acquireScreenLease),
  }),
});

export const { useAcquireScreenLeaseMutation } = screenLeaseApi;
