import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  type AnalyticsRun,
  type AnalyticsSavedQuery,
  type AnalyticsSchema,
  DomainError,
  type Principal,
  getAnalyticsDashboard,
  getAnalyticsSchema,
  listAnalyticsDashboards,
  listAnalyticsQueries,
  listAnalyticsRuns,
} from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  PG_POOL,
  ValidatedInput,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { ReadYourWrites } from '../../infrastructure/read-your-writes';
import { analyticsWorkspaceProjection } from './analytics-workspace.projection';
import { analyticsDashboards } from './dashboards';

type SavedRow = {
  query_id: string;
  name: string;
  description: string;
  sql: string;
  chart: AnalyticsSavedQuery['chart'];
  saved_by: string | null;
  saved_at: Date;
};
type RunRow = {
  run_id: string;
  analyst_id: string | null;
  sql: string;
  sql_sha256: string;
  outcome: AnalyticsRun['outcome'];
  error_code: string | null;
  duration_ms: number;
  rows_returned: number;
  truncated: boolean;
  ran_at: Date;
};

const isStaff = (principal: Principal) =>
  principal.kind === 'operator' || (principal.kind === 'user' && principal.roles.includes('staff'));

/** The analysts' workspace reads: saved queries, run history, the schema's views, the ready dashboards. */
@Controller()
export class AnalyticsWorkspaceController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @ContractRoute(listAnalyticsQueries)
  async queries(
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ): Promise<{ queries: AnalyticsSavedQuery[] }> {
    await this.readYourWrites.ensure(request, response, [analyticsWorkspaceProjection.name]);
    const { rows } = await this.pool.query<SavedRow>(
      `SELECT query_id, name, description, sql, chart, saved_by, saved_at
         FROM rm_analytics_saved_queries ORDER BY saved_at DESC, query_id LIMIT 500`,
    );
    return {
      queries: rows.map((r) => ({
        queryId: r.query_id,
        name: r.name,
        description: r.description,
        sql: r.sql,
        chart: r.chart,
        savedBy: r.saved_by,
        savedAt: r.saved_at.toISOString(),
      })),
    };
  }

  /** An analyst's own runs; staff (and the operator) see every analyst's. */
  @ContractRoute(listAnalyticsRuns)
  async runs(
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ): Promise<{ runs: AnalyticsRun[] }> {
    await this.readYourWrites.ensure(request, response, [analyticsWorkspaceProjection.name]);
    const analystId = isStaff(principal) ? null : principal.kind === 'user' ? principal.userId : null;
    const { rows } = await this.pool.query<RunRow>(
      `SELECT run_id, analyst_id, sql, sql_sha256, outcome, error_code, duration_ms, rows_returned, truncated, ran_at
         FROM rm_analytics_runs
        WHERE $1::uuid IS NULL OR analyst_id = $1::uuid
        ORDER BY ran_at DESC, run_id LIMIT 200`,
      [analystId],
    );
    return {
      runs: rows.map((r) => ({
        runId: r.run_id,
        analystId: r.analyst_id,
        sql: r.sql,
        sqlSha256: r.sql_sha256,
        outcome: r.outcome,
        errorCode: r.error_code,
        durationMs: r.duration_ms,
        rows: r.rows_returned,
        truncated: r.truncated,
        ranAt: r.ran_at.toISOString(),
      })),
    };
  }

  /**
   * The views of the analytics schema, as the catalogue describes them (the editor completes them), then
   * the views of the read-model snapshots staff keep, named with their schema.
   */
  @ContractRoute(getAnalyticsSchema)
  async schema(): Promise<AnalyticsSchema> {
    const { rows } = await this.pool.query<{
      schema_name: string;
      table_name: string;
      description: string | null;
      columns: { name: string; type: string }[];
      snapshot_id: string | null;
      projection: string | null;
      target_transaction_id: string | null;
      target_position: string | null;
    }>(
      `SELECT n.nspname AS schema_name, c.relname AS table_name,
              obj_description(c.oid, 'pg_class') AS description,
              json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, NULL))
                       ORDER BY a.attnum) AS columns,
              s.snapshot_id, s.projection, s.target_transaction_id::text AS target_transaction_id,
              s.target_position::text AS target_position
         FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
         LEFT JOIN projection_snapshots s ON s.schema_name = n.nspname AND s.state = 'ready'
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        WHERE (n.nspname = 'analytics' AND c.relkind IN ('v', 'm', 'r'))
           OR (s.snapshot_id IS NOT NULL AND c.relkind = 'v')
        GROUP BY n.nspname, c.oid, c.relname, s.snapshot_id
        ORDER BY s.started_at NULLS FIRST, n.nspname, c.relname`,
    );
    return {
      tables: rows.map((r) => ({
        name: r.snapshot_id ? `${r.schema_name}.${r.table_name}` : r.table_name,
        description: r.description,
        columns: r.columns,
        snapshot: r.snapshot_id
          ? {
              snapshotId: r.snapshot_id,
              projection: r.projection!,
              position: `${r.target_transaction_id}.${r.target_position}`,
            }
          : null,
      })),
    };
  }

  @ContractRoute(listAnalyticsDashboards)
  dashboards() {
    return {
      dashboards: analyticsDashboards.map(({ dashboardId, title, description }) => ({
        dashboardId,
        title,
        description,
      })),
    };
  }

  @ContractRoute(getAnalyticsDashboard)
  dashboard(@ValidatedInput() { params }: CallInput<typeof getAnalyticsDashboard>) {
    const dashboard = analyticsDashboards.find((d) => d.dashboardId === params.dashboardId);
    if (!dashboard) throw new DomainError('NOT_FOUND', `No dashboard ${params.dashboardId}.`);
    return dashboard;
  }
}
