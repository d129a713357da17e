import { getOfferings, purchaseOffering } from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractMutation, contractQuery } from '@/shared/api/contract-endpoint';

/** Spec 7, Billing: the offerings with this visitor's prices, and starting a checkout. */
export const commerceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOfferings: contractQuery(build, getOfferings, { providesTags: ['Billing'] }),
    purchaseOffering: contractMutation(build, purchaseOffering),
  }),
});

export const { useGetOfferingsQuery, usePurchaseOfferingMutation } = commerceApi;
