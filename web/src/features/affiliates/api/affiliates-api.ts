import { getAffiliateData, getAffiliateTracking, getPartnerDashboard } from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractQuery } from '@/shared/api/contract-endpoint';

/** Spec 7, Affiliates: the affiliate's info with its monthly earnings, the daily tracking, the partner's codes. */
export const affiliatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAffiliateDashboard: contractQuery(build, getAffiliateData),
    getAffiliateTracking: contractQuery(build, getAffiliateTracking),
    getPartnerDashboard: contractQuery(build, getPartnerDashboard),
  }),
});

export const { useGetAffiliateDashboardQuery, useGetAffiliateTrackingQuery, useGetPartnerDashboardQuery } =
  affiliatesApi;
