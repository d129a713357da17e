import { z } from 'zod';
import { analystsOnly, commandAckSchema, defineCall } from './define';
import { built } from './build-state';
import { get, post } from './call-path';
import { timestampSchema } from './common';
import { ANALYTICS_SQL_MAX_LENGTH } from '../events/analytics';

/** At most this many rows come back from one query; the answer says `truncated` when there were more. */
/** The database role analysts' SQL runs as (created by the analytics migration, or by an operator). */
export const ANALYTICS_ROLE = 'analytics_reader';

export const ANALYTICS_ROW_CAP = 10_000;
/** The statement limit of the analysts' database role and of each run. */
export const ANALYTICS_STATEMENT_TIMEOUT_MS = 10_000;

const sqlSchema = z
  .string()
  .trim()
  .min(1, 'The SQL is empty.')
  .max(
    ANALYTICS_SQL_MAX_LENGTH,
    `The SQL is longer than ${ANALYTICS_SQL_MAX_LENGTH.toLocaleString('en')} characters.`,
  );

/** `:from` and `:to` in the SQL stand for these, as timestamptz. */
export const analyticsParamsSchema = z
  .object({ from: timestampSchema.optional(), to: timestampSchema.optional() })
  .strict();
export type AnalyticsParams = z.infer<typeof analyticsParamsSchema>;

export const analyticsChartSchema = z.object({
  kind: z.enum(['line', 'bar']),
  x: z.string().min(1).max(200),
  y: z.string().min(1).max(200),
});
export type AnalyticsChart = z.infer<typeof analyticsChartSchema>;

export const analyticsColumnSchema = z.object({
  name: z.string(),
  /** PostgreSQL's type name (int8, numeric, text, timestamptz, date, bool, jsonb, _text, ...). */
  type: z.string(),
});
export type AnalyticsColumn = z.infer<typeof analyticsColumnSchema>;
/** A cell: numbers as numbers (int8 and numeric beyond 2^53 as text), booleans, JSON as parsed, the rest as PostgreSQL's text. */
export const analyticsCellSchema = z.union([z.string(), z.number(), z.boolean(), z.null(), z.unknown()]);

export const analyticsResultSchema = z.object({
  columns: z.array(analyticsColumnSchema),
  /** One array per row, cells in the order of `columns`. */
  rows: z.array(z.array(analyticsCellSchema)),
  /** More rows than ANALYTICS_ROW_CAP matched; the first ones are here. */
  truncated: z.boolean(),
  durationMs: z.number().int().nonnegative(),
});
export type AnalyticsResult = z.infer<typeof analyticsResultSchema>;

/**
 * Run one SELECT over the analytics schema as the analysts' read-only database role (issue 21). The run
 * is appended as an AnalyticsQueryRan event, refused runs included. `runId` names the run for the cancel
 * call (the client draws it).
 */
export const runAnalyticsQuery = defineCall({
  route: post('runAnalyticsQuery', '/api/analytics/v1/query'),
  state: built,
  kind: 'command',
  access: analystsOnly,
  summary: 'Run one read-only SQL query over the analytics schema.',
  request: z.object({
    sql: sqlSchema,
    params: analyticsParamsSchema.optional(),
    runId: z.uuid('The run id must be a UUID.').optional(),
  }),
  response: commandAckSchema.extend(analyticsResultSchema.shape).extend({ runId: z.uuid() }),
});

/** Cancel one of the caller's running queries (the page's Cancel button); false when it was not running. */
export const cancelAnalyticsQuery = defineCall({
  route: post('cancelAnalyticsQuery', '/api/analytics/v1/query/cancel'),
  state: built,
  kind: 'command',
  access: analystsOnly,
  summary: 'Cancel a running analytics query.',
  request: z.object({ runId: z.uuid('The run id must be a UUID.') }),
  response: z.object({ cancelled: z.boolean() }),
});

export const analyticsSavedQuerySchema = z.object({
  queryId: z.uuid(),
  name: z.string(),
  description: z.string(),
  sql: z.string(),
  chart: analyticsChartSchema.nullable(),
  savedBy: z.uuid().nullable(),
  savedAt: timestampSchema,
});
export type AnalyticsSavedQuery = z.infer<typeof analyticsSavedQuerySchema>;

/** Save a query for every analyst: a new one without `queryId`, or a new version of one. */
export const saveAnalyticsQuery = defineCall({
  route: post('saveAnalyticsQuery', '/api/analytics/v1/saved-queries/save'),
  state: built,
  kind: 'command',
  access: analystsOnly,
  summary: 'Save (or update) a named query shared with the analysts.',
  request: z.object({
    queryId: z.uuid('The query id must be a UUID.').optional(),
    name: z.string().trim().min(1, 'The name is empty.').max(200, 'The name is longer than 200 characters.'),
    description: z.string().trim().max(2000, 'The description is longer than 2,000 characters.').default(''),
    sql: sqlSchema,
    chart: analyticsChartSchema.nullable().default(null),
  }),
  response: commandAckSchema.extend({ queryId: z.uuid() }),
});

export const deleteAnalyticsQuery = defineCall({
  route: post('deleteAnalyticsQuery', '/api/analytics/v1/saved-queries/delete'),
  state: built,
  kind: 'command',
  access: analystsOnly,
  summary: 'Delete a saved query.',
  request: z.object({ queryId: z.uuid('The query id must be a UUID.') }),
  response: commandAckSchema,
});

export const listAnalyticsQueries = defineCall({
  route: get('listAnalyticsQueries', '/api/analytics/v1/saved-queries'),
  state: built,
  kind: 'query',
  access: analystsOnly,
  summary: 'The saved queries, newest first.',
  request: z.object({}),
  response: z.object({ queries: z.array(analyticsSavedQuerySchema) }),
});

export const analyticsRunSchema = z.object({
  runId: z.uuid(),
  analystId: z.uuid().nullable(),
  sql: z.string(),
  sqlSha256: z.string(),
  outcome: z.enum(['succeeded', 'failed', 'cancelled']),
  errorCode: z.string().nullable(),
  durationMs: z.number().int(),
  rows: z.number().int(),
  truncated: z.boolean(),
  ranAt: timestampSchema,
});
export type AnalyticsRun = z.infer<typeof analyticsRunSchema>;

/** Query history: an analyst's own runs; staff see every analyst's. Newest first, at most 200. */
export const listAnalyticsRuns = defineCall({
  route: get('listAnalyticsRuns', '/api/analytics/v1/runs'),
  state: built,
  kind: 'query',
  access: analystsOnly,
  summary: "The caller's query runs (staff: everyone's), newest first.",
  request: z.object({}),
  response: z.object({ runs: z.array(analyticsRunSchema) }),
});

export const analyticsSchemaSchema = z.object({
  tables: z.array(
    z.object({
      /** The view's name; a snapshot's views are named with their schema (`rm_snapshot_<id>.<view>`). */
      name: z.string(),
      description: z.string().nullable(),
      columns: z.array(analyticsColumnSchema),
      /** Set on the views of a read model rebuilt as of a position by staff (issue 20), while it is kept. */
      snapshot: z
        .object({ snapshotId: z.string(), projection: z.string(), position: z.string() })
        .nullable()
        .optional(),
    }),
  ),
});
export type AnalyticsSchema = z.infer<typeof analyticsSchemaSchema>;

/** The views analysts may query and their columns (the editor lists and completes them). */
export const getAnalyticsSchema = defineCall({
  route: get('getAnalyticsSchema', '/api/analytics/v1/schema'),
  state: built,
  kind: 'query',
  access: analystsOnly,
  summary: 'The analytics schema: its views and their columns.',
  request: z.object({}),
  response: analyticsSchemaSchema,
});

export const analyticsPanelSchema = z.object({
  title: z.string(),
  sql: z.string(),
  chart: analyticsChartSchema.nullable(),
});
export const analyticsDashboardSchema = z.object({
  dashboardId: z.string(),
  title: z.string(),
  description: z.string(),
  panels: z.array(analyticsPanelSchema),
});
export type AnalyticsDashboard = z.infer<typeof analyticsDashboardSchema>;

export const listAnalyticsDashboards = defineCall({
  route: get('listAnalyticsDashboards', '/api/analytics/v1/dashboards'),
  state: built,
  kind: 'query',
  access: analystsOnly,
  summary: 'The ready dashboards.',
  request: z.object({}),
  response: z.object({
    dashboards: z.array(analyticsDashboardSchema.pick({ dashboardId: true, title: true, description: true })),
  }),
});

/** A dashboard's panels: each a query (run through runAnalyticsQuery, with `:from`/`:to`) and its chart. */
export const getAnalyticsDashboard = defineCall({
  route: get('getAnalyticsDashboard', '/api/analytics/v1/dashboards/{dashboardId}'),
  state: built,
  kind: 'query',
  access: analystsOnly,
  summary: 'One ready dashboard with its panels.',
  params: z.object({ dashboardId: z.string().min(1).max(100) }),
  request: z.object({}),
  response: analyticsDashboardSchema,
});
