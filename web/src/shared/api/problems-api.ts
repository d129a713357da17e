import {
  createSubmissionRoute,
  getCodingQuestionRoute,
  getUserDataRoute,
  listSubmissionsRoute,
  runCustomInputRoute,
  runSandboxRoute,
  setUserDataRoute,
} from '@app/contracts';
import type { createSubmission } from '@app/contracts';
import { api } from './api-slice';
import {
  type CallArg,
  type CallResponse,
  contractMutation,
  contractQuery,
  toFetchArgs,
} from './contract-endpoint';

/**
 * The coding-question calls that several features share (the question list, the workspace): one
 * definition each, so their caches and tags are the same wherever they are used.
 */
export const problemsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCodingQuestion: contractQuery(build, getCodingQuestionRoute, { providesTags: ['Catalogue'] }),
    listSubmissions: contractQuery(build, listSubmissionsRoute, { providesTags: ['Submissions'] }),
    getUserData: contractQuery(build, getUserDataRoute, { providesTags: ['UserData'] }),
    setUserData: contractMutation(build, setUserDataRoute, { invalidatesTags: ['UserData'] }),
    runSandbox: contractMutation(build, runSandboxRoute),
    runCustomInput: contractMutation(build, runCustomInputRoute),
    /**
     * A submission carries its own Idempotency-Key: a retried or repeated request with the same key is
     * recorded once. The learner's list, indicator and progress refresh at once (read your writes).
     */
    createSubmission: build.mutation<
      CallResponse<typeof createSubmission>,
      CallArg<typeof createSubmission> & { idempotencyKey: string }
    >({
      query: ({ idempotencyKey, ...arg }) => {
        const fetchArgs = toFetchArgs(createSubmissionRoute, arg as CallArg<typeof createSubmission>);
        return {
          ...fetchArgs,
          headers: { ...(fetchArgs.headers as Record<string, string>), 'Idempotency-Key': idempotencyKey },
        };
      },
      // A submission also ends a running assessment on its question (the assessments refresh).
      invalidatesTags: ['Submissions', 'Unlocks', 'Certificates', 'Assessments'],
    }),
  }),
});

export { useListCodingQuestionsQuery, useListLanguagesQuery } from './catalogue-api';

export const {
  useGetCodingQuestionQuery,
  useListSubmissionsQuery,
  useGetUserDataQuery,
  useSetUserDataMutation,
  useRunSandboxMutation,
  useRunCustomInputMutation,
  useCreateSubmissionMutation,
} = problemsApi;
