import { getProductAssessments } from '@app/contracts';
import { api } from './api-slice';
import { contractQuery } from './contract-endpoint';

/**
 * A course's assessment (assessments/get, blockchain's per-course assessments, owners only): its
 * questions with the learner's state. Shared by the course page (its link and count) and the
 * assessment page; answering a question (submissions/mcq|fitb/create) refreshes it.
 */
export const courseAssessmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCourseAssessment: contractQuery(build, getProductAssessments, { providesTags: ['CourseAssessments'] }),
  }),
});

export const { useGetCourseAssessmentQuery } = courseAssessmentsApi;
