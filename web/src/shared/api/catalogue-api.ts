import { listCodingQuestionsRoute, listLanguagesRoute } from '@app/contracts';
import { api } from './api-slice';
import { contractQuery } from './contract-endpoint';

/**
 * The catalogue and the engine's languages: what product pages count in their copy, without the rest of
 * the problems calls (problems-api.ts re-exports both hooks, so there is one cache per call).
 */
export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCodingQuestions: contractQuery(build, listCodingQuestionsRoute, { providesTags: ['Catalogue'] }),
    listLanguages: contractQuery(build, listLanguagesRoute, { keepUnusedDataFor: 600 }),
  }),
});

export const { useListCodingQuestionsQuery, useListLanguagesQuery } = catalogueApi;
