import {
  getCatalogueSummary,
  getLesson,
  listCodingQuestionsRoute,
  listDesignQuestions,
  listLanguagesRoute,
  listLessons,
  listProjects,
} from '@app/contracts';
import { api } from './api-slice';
import { contractQuery } from './contract-endpoint';

/**
 * The catalogue's lists and the engine's languages: what product pages and indexes count, without the
 * rest of the calls (problems-api.ts, lessons-api.ts and design-api.ts re-export these hooks, so there
 * is one cache per call).
 */
export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCodingQuestions: contractQuery(build, listCodingQuestionsRoute, { providesTags: ['Catalogue'] }),
    listLanguages: contractQuery(build, listLanguagesRoute, { keepUnusedDataFor: 600 }),
    listLessons: contractQuery(build, listLessons, { providesTags: ['Catalogue'] }),
    getLesson: contractQuery(build, getLesson, { providesTags: ['Catalogue'] }),
    listDesignQuestions: contractQuery(build, listDesignQuestions, { providesTags: ['Catalogue'] }),
    listProjects: contractQuery(build, listProjects, { providesTags: ['Catalogue'] }),
    getCatalogueSummary: contractQuery(build, getCatalogueSummary, { providesTags: ['Catalogue'] }),
  }),
});

export const {
  useListCodingQuestionsQuery,
  useListLanguagesQuery,
  useListLessonsQuery,
  useGetLessonQuery,
  useListDesignQuestionsQuery,
  useListProjectsQuery,
  useGetCatalogueSummaryQuery,
} = catalogueApi;
