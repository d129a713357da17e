import { defineProjection } from '../../runtime/projection';

type SavedRow = {
  query_id: string;
  name: string;
  description: string;
  sql: string;
  chart: unknown;
  saved_by: string | null;
  saved_at: string;
};

/**
 * The saved queries (their latest version; a deleted one is gone) and every query run. A batch folds
 * each saved query's events in order (one stream per query), then deletes and upserts set-based; runs
 * are inserted once by run id, so a replay changes nothing.
 */
export const analyticsWorkspaceProjection = defineProjection({
  name: 'analytics-workspace',
  eventTypes: ['AnalyticsQuerySaved', 'AnalyticsQueryDeleted', 'AnalyticsQueryRan'],
  tables: ['rm_analytics_saved_queries', 'rm_analytics_runs'],
  async apply(events, tx) {
    const saved = new Map<string, SavedRow | null>();
    const runs = [];
    for (const event of events) {
      switch (event.type) {
        case 'AnalyticsQuerySaved': {
          const { queryId, name, description, sql, chart, savedBy } = event.data;
          saved.set(queryId, {
            query_id: queryId,
            name,
            description,
            sql,
            chart,
            saved_by: savedBy,
            saved_at: event.metadata.occurredAt,
          });
          break;
        }
        case 'AnalyticsQueryDeleted':
          saved.set(event.data.queryId, null);
          break;
        case 'AnalyticsQueryRan': {
          const data = event.data;
          runs.push({
            run_id: data.runId,
            analyst_id: data.analystId,
            sql: data.sql,
            sql_sha256: data.sqlSha256,
            outcome: data.outcome,
            error_code: data.error?.code ?? null,
            duration_ms: data.durationMs,
            rows_returned: data.rows,
            truncated: data.truncated,
            ran_at: event.metadata.occurredAt,
          });
          break;
        }
      }
    }
    const deleted = [...saved].filter(([, row]) => row === null).map(([id]) => id);
    const upserted = [...saved.values()].filter((row): row is SavedRow => row !== null);
    if (deleted.length > 0) {
      await tx.query('DELETE FROM rm_analytics_saved_queries WHERE query_id = ANY($1::uuid[])', [deleted]);
    }
    if (upserted.length > 0) {
      await tx.query(
        `INSERT INTO rm_analytics_saved_queries (query_id, name, description, sql, chart, saved_by, saved_at)
         SELECT query_id, name, description, sql, chart, saved_by, saved_at
           FROM jsonb_to_recordset($1::jsonb) AS s(query_id uuid, name text, description text, sql text,
                chart jsonb, saved_by uuid, saved_at timestamptz)
         ON CONFLICT (query_id) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description,
           sql = EXCLUDED.sql, chart = EXCLUDED.chart, saved_by = EXCLUDED.saved_by, saved_at = EXCLUDED.saved_at`,
        [JSON.stringify(upserted)],
      );
    }
    if (runs.length > 0) {
      await tx.query(
        `INSERT INTO rm_analytics_runs (run_id, analyst_id, sql, sql_sha256, outcome, error_code, duration_ms,
                rows_returned, truncated, ran_at)
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(run_id uuid, analyst_id uuid, sql text, sql_sha256 text,
                outcome text, error_code text, duration_ms integer, rows_returned integer, truncated boolean,
                ran_at timestamptz)
         ON CONFLICT (run_id) DO NOTHING`,
        [JSON.stringify(runs)],
      );
    }
  },
});
