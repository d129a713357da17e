import { createSandboxSubmission, getProject } from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractMutation, contractQuery } from '@/shared/api/contract-endpoint';

/**
 * The blockchain track's Solidity calls: one project, and a submission of a question or project (compiled
 * and run in the EVM on the server, recorded). The learner's list and unlocks refresh after a submission.
 */
export const solidityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProject: contractQuery(build, getProject, { providesTags: ['Catalogue'] }),
    submitSolidity: contractMutation(build, createSandboxSubmission, {
      invalidatesTags: ['Submissions', 'Unlocks'],
    }),
  }),
});

export const { useGetProjectQuery, useSubmitSolidityMutation } = solidityApi;
