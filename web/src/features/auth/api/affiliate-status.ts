import { getAffiliateDataRoute } from '@app/contracts';
import { api, markQuietEndpoints } from '@/shared/api/api-slice';
import { contractQuery } from '@/shared/api/contract-endpoint';

/** Whether the signed-in user is an affiliate: the account menu offers the dashboard only to them. */
const affiliateStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAffiliateData: contractQuery(build, getAffiliateDataRoute),
  }),
});

// A failure here only means the menu offers no dashboard: nothing to tell the user.
markQuietEndpoints('getAffiliateData');

export const { useGetAffiliateDataQuery } = affiliateStatusApi;
