import { trackAffiliateClick } from '@app/contracts';
import { api, markQuietEndpoints } from '@/shared/api/api-slice';
import { contractMutation } from '@/shared/api/contract-endpoint';

export const affiliateTrackingApi = api.injectEndpoints({
  endpoints: (build) => ({
    trackAffiliateClick: contractMutation(build, trackAffiliateClick),
  }),
});

// Fire and forget (spec 7, Affiliates): errors are ignored.
markQuietEndpoints('trackAffiliateClick');

export const { useTrackAffiliateClickMutation } = affiliateTrackingApi;
