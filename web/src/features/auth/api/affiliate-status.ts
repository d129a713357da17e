import { getAffiliateDataRoute } from '@app/contracts';
import { api, markQuietEndpoints } from '@/shared/api/api-slice';
import { contractQuery } from '@/shared/api/contract-endpoint';

/** Whether the signed-in user is an affiliate: the account menu offers the dashboard only to them. */
const affiliateStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAffiliateData: contractQuery(build, getAffiliateDataRoute),
  }),
});

// Until the affiliates' calls are built (issue 18) this answers 501: the menu simply offers no dashboard.
markQuietEndpoints('getAffiliateData');

export const { useGetAffiliateDataQuery } = affiliateStatusApi;
