import { z } from 'zod';
import { defineEvent } from './define';

/** The longest SQL text an analyst may run or save. */
export const ANALYTICS_SQL_MAX_LENGTH = 20_000;

const outcomes = ['succeeded', 'failed', 'cancelled'] as const;

/**
 * An analyst ran SQL in the analytics workspace (issue 21): every run, refused ones included, so staff see
 * who looked at what. One stream per analyst (`analyticsRunsStreamId`). The text and its SHA-256 are
 * kept; the result's rows are not, only how many came back.
 */
export const AnalyticsQueryRanV1 = defineEvent({
  type: 'AnalyticsQueryRan',
  version: 1,
  schema: z.object({
    runId: z.uuid(),
    /** The analyst's user id; null for the operator's staff token. */
    analystId: z.uuid().nullable(),
    sql: z.string().min(1).max(ANALYTICS_SQL_MAX_LENGTH),
    sqlSha256: z.string().regex(/^[0-9a-f]{64}$/),
    params: z.record(z.string(), z.string()),
    outcome: z.enum(outcomes),
    /** The refusal's code and message for a failed or cancelled run. */
    error: z.object({ code: z.string(), message: z.string().max(2000) }).nullable(),
    durationMs: z.number().int().nonnegative(),
    rows: z.number().int().nonnegative(),
    truncated: z.boolean(),
  }),
});
export type AnalyticsQueryRan = z.infer<typeof AnalyticsQueryRanV1.schema>;

/** A saved query, new or edited: shared with every analyst, named and described. */
export const AnalyticsQuerySavedV1 = defineEvent({
  type: 'AnalyticsQuerySaved',
  version: 1,
  schema: z.object({
    queryId: z.uuid(),
    name: z.string().min(1).max(200),
    description: z.string().max(2000),
    sql: z.string().min(1).max(ANALYTICS_SQL_MAX_LENGTH),
    /** How the workspace charts its result; null for a table only. */
    chart: z
      .object({ kind: z.enum(['line', 'bar']), x: z.string().max(200), y: z.string().max(200) })
      .nullable(),
    savedBy: z.uuid().nullable(),
  }),
});
export type AnalyticsQuerySaved = z.infer<typeof AnalyticsQuerySavedV1.schema>;

export const AnalyticsQueryDeletedV1 = defineEvent({
  type: 'AnalyticsQueryDeleted',
  version: 1,
  schema: z.object({ queryId: z.uuid(), deletedBy: z.uuid().nullable() }),
});
export type AnalyticsQueryDeleted = z.infer<typeof AnalyticsQueryDeletedV1.schema>;

/** One stream per analyst for their runs (the operator's token has the stream of the nil id). */
export const analyticsRunsStreamId = (analystId: string | null) =>
  `analytics-runs-${analystId ?? '00000000-0000-0000-0000-000000000000'}`;
/** One stream per saved query: its versions, then at most a deletion. */
export const analyticsSavedQueryStreamId = (queryId: string) => `analytics-query-${queryId}`;
