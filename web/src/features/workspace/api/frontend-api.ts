import { createMochaSubmission, createScreenshotSubmission, runMocha } from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractMutation } from '@/shared/api/contract-endpoint';

/**
 * The frontend questions' judging calls: the page runs in Chromium on the server (run-mocha records
 * nothing; a submission is recorded, and the learner's list and unlocks refresh).
 */
export const frontendApi = api.injectEndpoints({
  endpoints: (build) => ({
    runMocha: contractMutation(build, runMocha),
    submitMocha: contractMutation(build, createMochaSubmission, {
      invalidatesTags: ['Submissions', 'Unlocks'],
    }),
    submitScreenshot: contractMutation(build, createScreenshotSubmission, {
      invalidatesTags: ['Submissions', 'Unlocks'],
    }),
  }),
});

export const { useRunMochaMutation, useSubmitMochaMutation, useSubmitScreenshotMutation } = frontendApi;
