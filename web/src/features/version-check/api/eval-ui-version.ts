import { evalUiVersion } from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractQuery } from '@/shared/api/contract-endpoint';

export const uiVersionApi = api.injectEndpoints({
  endpoints: (build) => ({
    evalUiVersion: contractQuery(build, evalUiVersion),
  }),
});

export const { useEvalUiVersionQuery } = uiVersionApi;
