import {
  abandonCurrentAssessment,
  getAssessmentDetails,
  getCurrentAssessment,
  listAssessments,
  startAssessment,
} from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractMutation, contractQuery } from '@/shared/api/contract-endpoint';

/**
 * The assessment calls (spec 7). A submission ends the running assessment on the server, so
 * submissions/create invalidates 'Assessments' too (shared/api/problems-api.ts).
 */
export const assessmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAssessments: contractQuery(build, listAssessments, { providesTags: ['Assessments'] }),
    getCurrentAssessment: contractQuery(build, getCurrentAssessment, { providesTags: ['Assessments'] }),
    getAssessmentDetails: contractQuery(build, getAssessmentDetails, { providesTags: ['Assessments'] }),
    startAssessment: contractMutation(build, startAssessment, { invalidatesTags: ['Assessments'] }),
    abandonCurrentAssessment: contractMutation(build, abandonCurrentAssessment, {
      invalidatesTags: ['Assessments'],
    }),
  }),
});

export const {
  useListAssessmentsQuery,
  useGetCurrentAssessmentQuery,
  useGetAssessmentDetailsQuery,
  useStartAssessmentMutation,
  useAbandonCurrentAssessmentMutation,
} = assessmentsApi;
