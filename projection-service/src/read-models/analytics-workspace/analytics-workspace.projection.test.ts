import { analyticsRunsStreamId, analyticsSavedQueryStreamId } from '@app/contracts';
import type { GivenEvent } from '@app/server-kit';
import { ProjectionScenario } from '../../runtime/testing/projection-scenario';
import { analyticsWorkspaceProjection as projection } from './analytics-workspace.projection';

const analyst = '7a000000-0000-4000-8000-0000000000aa';
const queryId = (n: number) => `7a000000-0000-4000-8000-00000000000${n}`;
const runId = (n: number) => `7a000000-0000-4000-8000-00000000010${n}`;
const at = (hour: number) => new Date(Date.UTC(2026, 10, 26, hour)).toISOString();

const saved = (n: number, name: string, hour: number): GivenEvent => ({
  type: 'AnalyticsQuerySaved',
  streamId: analyticsSavedQueryStreamId(queryId(n)),
  occurredAt: at(hour),
  data: {
    queryId: queryId(n),
    name,
    description: `about ${name}`,
    sql: `SELECT ${n}`,
    chart: n % 2 ? { kind: 'line', x: 'day', y: 'learners' } : null,
    savedBy: analyst,
  },
});
const deleted = (n: number, hour: number): GivenEvent => ({
  type: 'AnalyticsQueryDeleted',
  streamId: analyticsSavedQueryStreamId(queryId(n)),
  occurredAt: at(hour),
  data: { queryId: queryId(n), deletedBy: analyst },
});
const ran = (n: number, hour: number, failed = false): GivenEvent => ({
  type: 'AnalyticsQueryRan',
  streamId: analyticsRunsStreamId(analyst),
  occurredAt: at(hour),
  data: {
    runId: runId(n),
    analystId: analyst,
    sql: 'SELECT 1',
    sqlSha256: 'e004ebd5b5532a4b85984a62f8ad48a81aa3460c1ca07701f386135d72cdecf5',
    params: {},
    outcome: failed ? 'failed' : 'succeeded',
    error: failed ? { code: 'ANALYTICS_QUERY_TIMEOUT', message: 'stopped' } : null,
    durationMs: 12,
    rows: failed ? 0 : 1,
    truncated: false,
  },
});

describe('analytics workspace read model', () => {
  let scenario: ProjectionScenario;
  beforeAll(async () => {
    scenario = await ProjectionScenario.start();
  });
  afterAll(async () => {
    await scenario.stop();
  });

  it('given queries saved, one renamed and one deleted, and two runs, when projected in one batch or one by one, then the latest versions of the live queries and every run', async () => {
    const events = [
      saved(1, 'Revenue', 1),
      saved(2, 'Funnel', 2),
      ran(1, 3),
      saved(1, 'Revenue per month', 4),
      deleted(2, 5),
      ran(2, 6, true),
    ];
    for (const batchSize of [1, events.length]) {
      const rows = await scenario.given(projection, events, { batchSize });
      expect(rows.rm_analytics_saved_queries).toEqual([
        {
          query_id: queryId(1),
          name: 'Revenue per month',
          description: 'about Revenue per month',
          sql: 'SELECT 1',
          chart: { kind: 'line', x: 'day', y: 'learners' },
          saved_by: analyst,
          saved_at: new Date(at(4)),
        },
      ]);
      expect(rows.rm_analytics_runs).toMatchObject([
        {
          run_id: runId(1),
          outcome: 'succeeded',
          error_code: null,
          rows_returned: 1,
          ran_at: new Date(at(3)),
        },
        { run_id: runId(2), outcome: 'failed', error_code: 'ANALYTICS_QUERY_TIMEOUT', rows_returned: 0 },
      ]);
    }
  });

  it('a rebuild gives the same rows as the live run', async () => {
    const events: GivenEvent[] = [];
    for (let n = 1; n <= 6; n++) {
      events.push(saved(n, `q${n}`, n), ran(n, n, n % 3 === 0));
      if (n % 2 === 0) events.push(deleted(n, n + 1));
    }
    for (const liveBatchSize of [1, 4]) {
      const rows = await scenario.rebuildEqualsLive(projection, events, liveBatchSize);
      expect(rows.rm_analytics_saved_queries.map((r) => r.name)).toEqual(['q1', 'q3', 'q5']);
      expect(rows.rm_analytics_runs).toHaveLength(6);
    }
  });
});
