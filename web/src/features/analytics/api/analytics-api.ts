import {
  cancelAnalyticsQuery,
  deleteAnalyticsQuery,
  getAnalyticsDashboard,
  getAnalyticsSchema,
  listAnalyticsDashboards,
  listAnalyticsQueries,
  listAnalyticsRuns,
  runAnalyticsQuery,
  saveAnalyticsQuery,
} from '@app/contracts';
import { api, markQuietEndpoints } from '@/shared/api/api-slice';
import { contractMutation, contractQuery } from '@/shared/api/contract-endpoint';

/** The analysts' workspace calls (issue 21); a run refreshes the history, a save the saved queries. */
export const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    runAnalyticsQuery: contractMutation(build, runAnalyticsQuery, { invalidatesTags: ['AnalyticsRuns'] }),
    cancelAnalyticsQuery: contractMutation(build, cancelAnalyticsQuery),
    saveAnalyticsQuery: contractMutation(build, saveAnalyticsQuery, {
      invalidatesTags: ['AnalyticsQueries'],
    }),
    deleteAnalyticsQuery: contractMutation(build, deleteAnalyticsQuery, {
      invalidatesTags: ['AnalyticsQueries'],
    }),
    listAnalyticsQueries: contractQuery(build, listAnalyticsQueries, { providesTags: ['AnalyticsQueries'] }),
    listAnalyticsRuns: contractQuery(build, listAnalyticsRuns, { providesTags: ['AnalyticsRuns'] }),
    getAnalyticsSchema: contractQuery(build, getAnalyticsSchema),
    listAnalyticsDashboards: contractQuery(build, listAnalyticsDashboards),
    getAnalyticsDashboard: contractQuery(build, getAnalyticsDashboard),
  }),
});

// The workspace shows a query's refusal beside the editor.
markQuietEndpoints('runAnalyticsQuery', 'cancelAnalyticsQuery');

export const {
  useRunAnalyticsQueryMutation,
  useCancelAnalyticsQueryMutation,
  useSaveAnalyticsQueryMutation,
  useDeleteAnalyticsQueryMutation,
  useListAnalyticsQueriesQuery,
  useListAnalyticsRunsQuery,
  useGetAnalyticsSchemaQuery,
  useListAnalyticsDashboardsQuery,
  useLazyGetAnalyticsDashboardQuery,
} = analyticsApi;
