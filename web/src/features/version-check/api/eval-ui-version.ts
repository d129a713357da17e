import { evalUiVersion } from '@app/contracts';
import { api, markQuietEndpoints } from '@/shared/api/api-slice';
import { contractQuery } from '@/shared/api/contract-endpoint';

export const uiVersionApi = api.injectEndpoints({
  endpoints: (build) => ({
    evalUiVersion: contractQuery(build, evalUiVersion),
  }),
});

export const { useEvalUiVersionQuery } = uiVersionApi;

// Polled every ten minutes: a failed round is ignored, the next one asks again (spec 7).
markQuietEndpoints('evalUiVersion');
