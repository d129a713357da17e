/** The algorithms product's calls: the catalogue, the learner's submissions and saved data (shared). */
export {
  useListCodingQuestionsQuery,
  useListSubmissionsQuery,
  useGetUserDataQuery,
  useSetUserDataMutation,
} from '@/shared/api/problems-api';
