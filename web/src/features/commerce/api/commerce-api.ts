import { getOfferings, purchaseOffering, setPricingRegion } from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractMutation, contractQuery } from '@/shared/api/contract-endpoint';

/** Spec 7, Billing: the offerings with this visitor's prices, starting a checkout, the pricing region. */
export const commerceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOfferings: contractQuery(build, getOfferings, { providesTags: ['Billing'] }),
    purchaseOffering: contractMutation(build, purchaseOffering),
    // The session's user info names the region, and every price follows it.
    setPricingRegion: contractMutation(build, setPricingRegion, { invalidatesTags: ['Billing', 'UserInfo'] }),
  }),
});

export const { useGetOfferingsQuery, usePurchaseOfferingMutation, useSetPricingRegionMutation } = commerceApi;
