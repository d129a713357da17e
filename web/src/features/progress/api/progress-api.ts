import {
  generateCertificateRoute,
  getMyCertificatesRoute,
  getUnlocksRoute,
  verifyCertificateRoute,
} from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractMutation, contractQuery } from '@/shared/api/contract-endpoint';

/**
 * Progress towards a product's certificate and the certificates themselves. A submission invalidates
 * 'Unlocks' and 'Certificates' (problems-api), so the counts refresh as soon as one is recorded.
 */
export const progressApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUnlocks: contractQuery(build, getUnlocksRoute, { providesTags: ['Unlocks'] }),
    getMyCertificates: contractQuery(build, getMyCertificatesRoute, { providesTags: ['Certificates'] }),
    generateCertificate: contractMutation(build, generateCertificateRoute, {
      invalidatesTags: ['Certificates'],
    }),
    verifyCertificate: contractQuery(build, verifyCertificateRoute),
  }),
});

export const {
  useGetUnlocksQuery,
  useGetMyCertificatesQuery,
  useGenerateCertificateMutation,
  useVerifyCertificateQuery,
} = progressApi;
