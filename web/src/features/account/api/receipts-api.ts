import { downloadReceipt } from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractMutation } from '@/shared/api/contract-endpoint';

/** Spec 7, Billing: a receipt's short-lived link, asked for when the learner clicks (never cached). */
export const receiptsApi = api.injectEndpoints({
  endpoints: (build) => ({
    downloadReceipt: contractMutation(build, downloadReceipt),
  }),
});

export const { useDownloadReceiptMutation } = receiptsApi;
