import { getUserData, listCodingQuestions, listSubmissions, setUserData } from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractMutation, contractQuery } from '@/shared/api/contract-endpoint';

/** The algorithms product's calls: the catalogue, the learner's submissions and saved data. */
export const algorithmsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCodingQuestions: contractQuery(build, listCodingQuestions, { providesTags: ['Catalogue'] }),
    listSubmissions: contractQuery(build, listSubmissions, { providesTags: ['Submissions'] }),
    getUserData: contractQuery(build, getUserData, { providesTags: ['UserData'] }),
    setUserData: contractMutation(build, setUserData, { invalidatesTags: ['UserData'] }),
  }),
});

export const {
  useListCodingQuestionsQuery,
  useListSubmissionsQuery,
  useGetUserDataQuery,
  useSetUserDataMutation,
} = algorithmsApi;
