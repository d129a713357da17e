import { listSignInProviders } from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractQuery } from '@/shared/api/contract-endpoint';

const ONE_HOUR_S = 60 * 60;

export const signInProvidersApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The deployment's configuration: it does not change while a page is open.
    listSignInProviders: contractQuery(build, listSignInProviders, { keepUnusedDataFor: ONE_HOUR_S }),
  }),
});

export const { useListSignInProvidersQuery } = signInProvidersApi;
