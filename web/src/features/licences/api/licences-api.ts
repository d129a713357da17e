import {
  applyLicenseKey,
  createLicenseKey,
  deleteLicenseKey,
  editLicenseKey,
  getLicenseReport,
  getLicenseState,
  listLicenseOfferings,
  purchaseLicenses,
} from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractMutation, contractQuery } from '@/shared/api/contract-endpoint';

/** Spec 7, Licences: seat prices and purchase, the holder's licence store, keys and their reports. */
export const licencesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listLicenseOfferings: contractQuery(build, listLicenseOfferings),
    purchaseLicenses: contractMutation(build, purchaseLicenses),
    getLicenseState: contractQuery(build, getLicenseState, { providesTags: ['Billing'] }),
    getLicenseReport: contractQuery(build, getLicenseReport, { providesTags: ['Billing'] }),
    createLicenseKey: contractMutation(build, createLicenseKey, { invalidatesTags: ['Billing'] }),
    editLicenseKey: contractMutation(build, editLicenseKey, { invalidatesTags: ['Billing'] }),
    deleteLicenseKey: contractMutation(build, deleteLicenseKey, { invalidatesTags: ['Billing'] }),
    applyLicenseKey: contractMutation(build, applyLicenseKey, { invalidatesTags: ['Billing'] }),
  }),
});

export const {
  useListLicenseOfferingsQuery,
  usePurchaseLicensesMutation,
  useGetLicenseStateQuery,
  useLazyGetLicenseReportQuery,
  useCreateLicenseKeyMutation,
  useEditLicenseKeyMutation,
  useDeleteLicenseKeyMutation,
  useApplyLicenseKeyMutation,
} = licencesApi;
