import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { ANALYTICS_ROW_CAP } from '@app/contracts';
import { derivedAnalyticsUrl } from '../../../command-service/src/analytics/analytics-database';
import { type Platform, STAFF_TOKEN, call, startPlatform } from './platform-harness';
import { type SignedInUser, signInFake, signInWithRoles } from './identity-support';

/*
 * The analysts' workspace against real PostgreSQL (issue 21): the hostile-SQL suite, through the API and
 * straight on the analysts' database role, then each call and who may make it.
 */

let platform: Platform;
let analyst: SignedInUser;
let otherAnalyst: SignedInUser;
let learner: SignedInUser;

beforeAll(async () => {
  platform = await startPlatform({
    env: {
      // Short limits keep the suite quick; the role's own 10 s setting is checked below.
      ANALYTICS_STATEMENT_TIMEOUT_MS: '1500',
      ANALYTICS_MAX_CONCURRENT_QUERIES: '2',
      ANALYTICS_QUEUE_WAIT_MS: '300',
    },
  });
  [analyst, otherAnalyst, learner] = await Promise.all([
    signInWithRoles(platform.url, ['analyst'], 'analyst'),
    signInWithRoles(platform.url, ['analyst'], 'analyst-2'),
    signInFake(platform.url),
  ]);
  // The read models have seen the three accounts and their roles: nothing moves under the checks below.
  for (let seen = 0; seen < 3;) {
    await new Promise((r) => setTimeout(r, 50));
    const { rows } = await platform.pool.query<{ seen: number }>(
      `SELECT count(*)::int AS seen FROM rm_user_access
        WHERE user_id = $1 OR (user_id = ANY($2::uuid[]) AND 'analyst' = ANY(roles))`,
      [learner.userId, [analyst.userId, otherAnalyst.userId]],
    );
    seen = rows[0].seen;
  }
});
afterAll(() => platform.close());

type QueryAnswer = {
  code?: string;
  message?: string;
  columns: { name: string; type: string }[];
  rows: unknown[][];
  truncated: boolean;
  durationMs: number;
  runId: string;
  position: string;
};

const query = (sql: string, options: { params?: object; runId?: string; token?: string } = {}) =>
  call<QueryAnswer>(platform.url, '/api/analytics/v1/query', {
    json: { sql, params: options.params, runId: options.runId },
    token: options.token ?? analyst.token,
  });

/** Every row of the platform's own tables that analysts could want to touch, as one fingerprint. */
async function platformState(): Promise<string> {
  const { rows } = await platform.pool.query<{ state: string }>(
    `SELECT md5(string_agg(t.fingerprint, ',' ORDER BY t.fingerprint)) AS state FROM (
       SELECT md5(row_to_json(e)::text) AS fingerprint FROM es_events e WHERE e.type <> 'AnalyticsQueryRan'
       UNION ALL SELECT md5(row_to_json(p)::text) FROM identity_profiles p
       UNION ALL SELECT md5(row_to_json(u)::text) FROM rm_user_access u
       UNION ALL SELECT 'relations:' || count(*) FROM pg_class WHERE relnamespace IN ('public'::regnamespace, 'analytics'::regnamespace)
       UNION ALL SELECT 'roles:' || string_agg(rolname || rolsuper::text || rolcreaterole::text, ';' ORDER BY rolname) FROM pg_roles
     ) t`,
  );
  return rows[0].state;
}

describe('hostile SQL through POST /api/analytics/v1/query: refused or bounded, with a clear error, nothing changed', () => {
  const refusedCases: [string, string, number, string, RegExp][] = [
    [
      'the event store by name',
      'SELECT * FROM es_events',
      400,
      'ANALYTICS_QUERY_FAILED',
      /relation "es_events" does not exist/,
    ],
    [
      'the event store in public',
      'SELECT * FROM public.es_events',
      400,
      'ANALYTICS_QUERY_FAILED',
      /permission denied for schema public/,
    ],
    [
      'identity profiles (emails, names)',
      'SELECT email FROM public.identity_profiles',
      400,
      'ANALYTICS_QUERY_FAILED',
      /permission denied for schema public/,
    ],
    [
      'token hashes',
      'SELECT token_hash FROM public.identity_sessions',
      400,
      'ANALYTICS_QUERY_FAILED',
      /permission denied for schema public/,
    ],
    [
      'a personal column through a view',
      'SELECT email FROM analytics.learners',
      400,
      'ANALYTICS_QUERY_FAILED',
      /column "email" does not exist/,
    ],
    [
      'pg_read_file',
      "SELECT pg_read_file('/etc/passwd')",
      400,
      'ANALYTICS_QUERY_FAILED',
      /permission denied for function pg_read_file/,
    ],
    [
      'pg_ls_dir',
      "SELECT pg_ls_dir('.')",
      400,
      'ANALYTICS_QUERY_FAILED',
      /permission denied for function pg_ls_dir/,
    ],
    [
      'COPY ... TO PROGRAM',
      "COPY (SELECT 1) TO PROGRAM 'touch /tmp/analytics-pwned'",
      400,
      'ANALYTICS_QUERY_REFUSED',
      /this is a COPY statement/,
    ],
    [
      'dblink (not installed)',
      "SELECT dblink('host=127.0.0.1', 'SELECT 1')",
      400,
      'ANALYTICS_QUERY_FAILED',
      /function dblink\(unknown, unknown\) does not exist/,
    ],
    ['SET ROLE', 'SET ROLE postgres', 400, 'ANALYTICS_QUERY_REFUSED', /Only SELECT queries run here/],
    [
      'set_config of the role inside a SELECT',
      "SELECT set_config('role', 'postgres', true)",
      400,
      'ANALYTICS_QUERY_FAILED',
      /permission denied to set role "postgres"/,
    ],
    [
      'read-write inside a SELECT',
      "SELECT set_config('transaction_read_only', 'off', true)",
      400,
      'ANALYTICS_QUERY_FAILED',
      /transaction read-write mode must be set before any query/,
    ],
    [
      'CREATE',
      'CREATE TABLE analytics.stolen (a int)',
      400,
      'ANALYTICS_QUERY_REFUSED',
      /this is a CREATE statement/,
    ],
    [
      'SELECT INTO',
      'SELECT * INTO analytics.stolen FROM analytics.learners',
      400,
      'ANALYTICS_QUERY_REFUSED',
      /SELECT \.\.\. INTO creates a table/,
    ],
    [
      'INSERT',
      'INSERT INTO analytics.learners (user_id) VALUES (gen_random_uuid())',
      400,
      'ANALYTICS_QUERY_REFUSED',
      /this is an INSERT statement/,
    ],
    [
      'a writing WITH',
      'WITH d AS (DELETE FROM analytics.charges RETURNING 1) SELECT * FROM d',
      400,
      'ANALYTICS_QUERY_REFUSED',
      /A WITH part writes/,
    ],
    [
      'multiple statements',
      'SELECT 1; SELECT 2',
      400,
      'ANALYTICS_QUERY_REFUSED',
      /the SQL holds 2 statements/,
    ],
    [
      'a comment hiding a second statement',
      'SELECT 1 /* report */; DROP SCHEMA analytics CASCADE -- ;',
      400,
      'ANALYTICS_QUERY_REFUSED',
      /the SQL holds 2 statements/,
    ],
    [
      'a line comment before the second statement',
      'SELECT 1 -- harmless\n; DELETE FROM rm_charges',
      400,
      'ANALYTICS_QUERY_REFUSED',
      /the SQL holds 2 statements/,
    ],
    ['pg_sleep(60)', 'SELECT pg_sleep(60)', 422, 'ANALYTICS_QUERY_TIMEOUT', /ran past the statement limit/],
    [
      'a million-by-million cross join counted',
      'SELECT count(*) FROM generate_series(1, 1000000) a CROSS JOIN generate_series(1, 1000000) b',
      422,
      'ANALYTICS_QUERY_TIMEOUT',
      /ran past the statement limit/,
    ],
  ];

  it.each(refusedCases)('%s', async (_name, sql, status, code, message) => {
    const before = await platformState();
    const answer = await query(sql);
    expect({ status: answer.status, code: answer.body.code }).toEqual({ status, code });
    expect(answer.body.message).toMatch(message);
    expect(await platformState()).toBe(before);
  });

  it('a cross join of a million rows is cut at the row cap and says truncated', async () => {
    const answer = await query(
      'SELECT a, b FROM generate_series(1, 1000) a CROSS JOIN generate_series(1, 1000) b',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.rows).toHaveLength(ANALYTICS_ROW_CAP);
    expect(answer.body.truncated).toBe(true);
    expect(answer.body.columns).toEqual([
      { name: 'a', type: 'int4' },
      { name: 'b', type: 'int4' },
    ]);
  });

  it('every run, refused ones included, is one AnalyticsQueryRan with the SQL, its hash, outcome, duration and rows', async () => {
    const sql = `SELECT 'audit-${randomUUID()}' AS marker`;
    const ok = await query(sql);
    const refused = await query(`${sql}; SELECT 2`);
    expect([ok.status, refused.status]).toEqual([200, 400]);
    const { rows } = await platform.pool.query<{ data: Record<string, unknown>; actor: unknown }>(
      `SELECT data, metadata->'actor' AS actor FROM es_events
        WHERE type = 'AnalyticsQueryRan' AND data->>'sql' LIKE $1 ORDER BY position`,
      [`${sql}%`],
    );
    expect(rows.map((r) => r.data)).toEqual([
      expect.objectContaining({
        sql,
        outcome: 'succeeded',
        rows: 1,
        truncated: false,
        error: null,
        analystId: analyst.userId,
      }),
      expect.objectContaining({
        sql: `${sql}; SELECT 2`,
        outcome: 'failed',
        rows: 0,
        error: expect.objectContaining({ code: 'ANALYTICS_QUERY_REFUSED' }),
      }),
    ]);
    expect(rows[0].data.sqlSha256).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("straight on the analysts' database role: the database itself refuses", () => {
  let client: Client;
  beforeAll(async () => {
    // The service set the role's derived password on its first query (above, or here).
    expect((await query('SELECT 1')).status).toBe(200);
    client = new Client({ connectionString: derivedAnalyticsUrl(platform.pool.options.connectionString!) });
    await client.connect();
  });
  afterAll(() => client.end());

  const refusal = async (sql: string) => {
    await client.query('BEGIN');
    try {
      await client.query(sql);
      return 'ran';
    } catch (error) {
      return (error as Error).message;
    } finally {
      await client.query('ROLLBACK');
    }
  };

  it('has the role settings of the issue: read-only, 10 s, bounded memory, only the analytics schema', async () => {
    const { rows } = await client.query<Record<string, string>>(
      `SELECT current_setting('default_transaction_read_only') AS read_only,
              current_setting('statement_timeout') AS timeout, current_setting('work_mem') AS work_mem,
              current_setting('search_path') AS search_path,
              (SELECT rolsuper OR rolcreaterole OR rolcreatedb OR rolbypassrls FROM pg_roles WHERE rolname = current_user)::text AS privileged`,
    );
    expect(rows[0]).toEqual({
      read_only: 'on',
      timeout: '10s',
      work_mem: '16MB',
      search_path: 'analytics',
      privileged: 'false',
    });
  });

  it('refuses files, programs, other schemas, roles, writes and DDL even without the parser in front', async () => {
    expect(await refusal("SELECT pg_read_file('/etc/passwd')")).toMatch(
      /permission denied for function pg_read_file/,
    );
    expect(await refusal("COPY (SELECT 1) TO PROGRAM 'touch /tmp/analytics-pwned'")).toMatch(
      /permission denied to COPY to or from an external program/,
    );
    expect(await refusal("COPY analytics.learners TO '/tmp/analytics-learners'")).toMatch(
      /permission denied/,
    );
    expect(await refusal('SELECT * FROM public.es_events')).toMatch(/permission denied for schema public/);
    expect(await refusal('SET ROLE postgres')).toMatch(/permission denied to set role/);
    expect(await refusal('CREATE TABLE analytics.stolen (a int)')).toMatch(/read-only transaction/);
    expect(await refusal('CREATE EXTENSION dblink')).toMatch(/read-only transaction/);
    // Even in a read-write transaction, which the service never opens: no rights to write or create.
    const readWrite = async (sql: string) => refusal(`SET LOCAL transaction_read_only = off; ${sql}`);
    expect(await readWrite('DELETE FROM analytics.charges')).toMatch(/permission denied for view charges/);
    expect(await readWrite('CREATE TABLE analytics.stolen (a int)')).toMatch(
      /permission denied for schema analytics/,
    );
    expect(await readWrite('CREATE TEMP TABLE stolen (a int)')).toMatch(
      /permission denied to create temporary tables/,
    );
    expect(await readWrite('CREATE EXTENSION dblink')).toMatch(
      /permission denied|not available|could not open extension control file/,
    );
  });

  it('has no dblink nor any other extension that reaches out, and pg_read_file is a superuser function', async () => {
    const { rows } = await platform.pool.query<{ extname: string }>(
      'SELECT extname FROM pg_extension ORDER BY 1',
    );
    expect(rows.map((r) => r.extname)).toEqual(['plpgsql']);
    const acl = await platform.pool.query<{ granted: boolean }>(
      `SELECT has_function_privilege('analytics_reader', 'pg_read_file(text)', 'EXECUTE') AS granted`,
    );
    expect(acl.rows[0].granted).toBe(false);
  });

  it('can read every analytics view, and only those', async () => {
    const { rows } = await client.query<{ schema: string; tables: number }>(
      `SELECT table_schema AS schema, count(*)::int AS tables FROM information_schema.table_privileges
        WHERE grantee IN ('analytics_reader', 'PUBLIC') AND privilege_type = 'SELECT'
          AND table_schema NOT IN ('pg_catalog', 'information_schema')
        GROUP BY 1`,
    );
    expect(rows).toEqual([{ schema: 'analytics', tables: expect.any(Number) }]);
  });
});

describe('the analytics calls', () => {
  it('answers columns with their types, numbers as numbers, and :from/:to as timestamptz', async () => {
    const answer = await query(
      `SELECT 1::int8 AS n, 2.5::numeric AS x, true AS yes, 'a'::text AS s, :from AS since, '{"k":1}'::jsonb AS j, NULL::date AS d`,
      { params: { from: '2026-01-01T00:00:00Z' } },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.columns.map((c) => c.type)).toEqual([
      'int8',
      'numeric',
      'bool',
      'text',
      'timestamptz',
      'jsonb',
      'date',
    ]);
    expect(answer.body.rows).toEqual([
      [1, 2.5, true, 'a', expect.stringMatching(/^2026-01-01 00:00:00/), { k: 1 }, null],
    ]);
    expect(answer.body.truncated).toBe(false);
  });

  it('reads the views over the read models: the signed-in learners are there by id, without personal data', async () => {
    const answer = await query(`SELECT user_id FROM analytics.learners WHERE user_id = '${learner.userId}'`);
    expect(answer.body.rows).toEqual([[learner.userId]]);
    const schema = await call<{ tables: { name: string; columns: { name: string }[] }[] }>(
      platform.url,
      '/api/analytics/v1/schema',
      { token: analyst.token },
    );
    const columns = schema.body.tables.flatMap((t) => t.columns.map((c) => c.name));
    expect(schema.body.tables.map((t) => t.name)).toEqual(
      expect.arrayContaining(['learners', 'charges', 'latest_submissions']),
    );
    for (const personal of ['email', 'avatar_url', 'username', 'provider_user_id', 'token_hash', 'region']) {
      expect(columns).not.toContain(personal);
    }
    // A name column is a question's or a read model's, never a person's.
    expect(
      schema.body.tables
        .filter((t) => t.columns.some((c) => c.name === 'name'))
        .map((t) => t.name)
        .sort(),
    ).toEqual(['projections', 'questions']);
  });

  it('cancels a running query from the cancel call: 409 ANALYTICS_QUERY_CANCELLED, recorded as cancelled', async () => {
    const runId = randomUUID();
    const running = query('SELECT pg_sleep(1.2)', { runId });
    let cancelled = false;
    for (let i = 0; i < 50 && !cancelled; i++) {
      await new Promise((r) => setTimeout(r, 20));
      const answer = await call<{ cancelled: boolean }>(platform.url, '/api/analytics/v1/query/cancel', {
        json: { runId },
        token: analyst.token,
      });
      cancelled = answer.body.cancelled;
    }
    const answer = await running;
    expect(cancelled).toBe(true);
    expect({ status: answer.status, code: answer.body.code }).toEqual({
      status: 409,
      code: 'ANALYTICS_QUERY_CANCELLED',
    });
    const { rows } = await platform.pool.query<{ outcome: string }>(
      `SELECT data->>'outcome' AS outcome FROM es_events WHERE type = 'AnalyticsQueryRan' AND data->>'runId' = $1`,
      [runId],
    );
    expect(rows).toEqual([{ outcome: 'cancelled' }]);
  });

  it('a query whose caller goes away (the fetch aborted) is cancelled on the server and recorded as cancelled', async () => {
    const runId = randomUUID();
    const caller = new AbortController();
    const sent = fetch(`${platform.url}/api/analytics/v1/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${analyst.token}` },
      body: JSON.stringify({ sql: 'SELECT pg_sleep(8)', runId }),
      signal: caller.signal,
    }).catch((error: unknown) => error);
    // Once the query runs, the caller gives up.
    for (let i = 0; i < 100; i++) {
      const { rows } = await platform.pool.query(
        `SELECT 1 FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(8)' AND state = 'active'`,
      );
      if (rows.length > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    caller.abort();
    expect(await sent).toMatchObject({ name: 'AbortError' });
    let recorded: { outcome: string; duration: number }[] = [];
    for (let i = 0; i < 100 && recorded.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      ({ rows: recorded } = await platform.pool.query<{ outcome: string; duration: number }>(
        `SELECT data->>'outcome' AS outcome, (data->>'durationMs')::int AS duration
           FROM es_events WHERE type = 'AnalyticsQueryRan' AND data->>'runId' = $1`,
        [runId],
      ));
    }
    // Stopped long before its 8 s, and no longer running in PostgreSQL.
    expect(recorded).toEqual([{ outcome: 'cancelled', duration: expect.any(Number) }]);
    expect(recorded[0].duration).toBeLessThan(8000);
    const { rows: still } = await platform.pool.query(
      `SELECT 1 FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(8)' AND state = 'active'`,
    );
    expect(still).toEqual([]);
  });

  it('X-Min-Position: the query runs once every read model shows the position; beyond the head, 503 and nothing runs', async () => {
    const type = `min-position-${randomUUID().slice(0, 8)}`;
    const recorded = await call<{ position: string }>(platform.url, '/api/events/v1/event', {
      json: { type },
    });
    expect(recorded.status).toBe(200);
    const sql = `SELECT sum(count)::int AS n FROM analytics.telemetry_daily WHERE event_type = '${type}'`;
    const withPosition = (position: string) =>
      call<QueryAnswer & { code?: string }>(platform.url, '/api/analytics/v1/query', {
        json: { sql },
        token: analyst.token,
        headers: { 'x-min-position': position },
      });
    const answer = await withPosition(recorded.body.position);
    expect({ status: answer.status, rows: answer.body.rows }).toEqual({ status: 200, rows: [[1]] });

    const runsBefore = await platform.countEvents();
    const [xid, position] = recorded.body.position.split('.').map(BigInt);
    const beyond = await withPosition(`${xid + 1_000_000n}.${position + 1_000_000n}`);
    expect({ status: beyond.status, code: beyond.body.code }).toEqual({
      status: 503,
      code: 'READ_MODEL_NOT_CAUGHT_UP',
    });
    expect(beyond.headers.get('retry-after')).toBe('1');
    const malformed = await withPosition('soon');
    expect({ status: malformed.status, code: malformed.body.code }).toEqual({
      status: 400,
      code: 'INVALID_POSITION',
    });
    // Neither ran, so neither was recorded.
    expect(await platform.countEvents()).toBe(runsBefore);
  });

  it("another analyst cannot cancel someone else's query", async () => {
    const runId = randomUUID();
    const running = query('SELECT pg_sleep(0.5)', { runId });
    await new Promise((r) => setTimeout(r, 100));
    const answer = await call<{ cancelled: boolean }>(platform.url, '/api/analytics/v1/query/cancel', {
      json: { runId },
      token: otherAnalyst.token,
    });
    expect(answer.body).toEqual({ cancelled: false });
    expect((await running).status).toBe(200);
  });

  it('runs at most the configured number of queries at once: the next waits, then answers 429 ANALYTICS_BUSY', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => query('SELECT pg_sleep(1)')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 429]);
    expect(answers.find((a) => a.status === 429)?.body.code).toBe('ANALYTICS_BUSY');
  });

  it('saves a query one analyst wrote, which another lists, and deletes it', async () => {
    const saved = await call<{ queryId: string; position: string }>(
      platform.url,
      '/api/analytics/v1/saved-queries/save',
      {
        json: {
          name: 'Learners per provider',
          description: 'How people sign in',
          sql: 'SELECT provider, count(*) AS learners FROM analytics.learners GROUP BY 1',
          chart: { kind: 'bar', x: 'provider', y: 'learners' },
        },
        token: analyst.token,
      },
    );
    expect(saved.status).toBe(200);
    const listed = await call<{ queries: { queryId: string; name: string; savedBy: string }[] }>(
      platform.url,
      '/api/analytics/v1/saved-queries',
      { token: otherAnalyst.token, headers: { 'x-min-position': saved.body.position } },
    );
    expect(listed.body.queries).toContainEqual(
      expect.objectContaining({
        queryId: saved.body.queryId,
        name: 'Learners per provider',
        savedBy: analyst.userId,
      }),
    );
    const deleted = await call<{ position: string }>(platform.url, '/api/analytics/v1/saved-queries/delete', {
      json: { queryId: saved.body.queryId },
      token: otherAnalyst.token,
    });
    expect(deleted.status).toBe(200);
    const after = await call<{ queries: { queryId: string }[] }>(
      platform.url,
      '/api/analytics/v1/saved-queries',
      {
        token: analyst.token,
        headers: { 'x-min-position': deleted.body.position },
      },
    );
    expect(after.body.queries.map((q) => q.queryId)).not.toContain(saved.body.queryId);
  });

  it("lists an analyst's own runs as history; staff see every analyst's", async () => {
    const ran = await query("SELECT 'history' AS h", { token: otherAnalyst.token });
    const own = await call<{ runs: { analystId: string; sql: string }[] }>(
      platform.url,
      '/api/analytics/v1/runs',
      {
        token: otherAnalyst.token,
        headers: { 'x-min-position': ran.body.position },
      },
    );
    expect(own.body.runs[0]).toMatchObject({ analystId: otherAnalyst.userId, sql: "SELECT 'history' AS h" });
    expect(new Set(own.body.runs.map((r) => r.analystId))).toEqual(new Set([otherAnalyst.userId]));
    const staff = await call<{ runs: { analystId: string }[] }>(platform.url, '/api/analytics/v1/runs', {
      token: STAFF_TOKEN,
    });
    expect(new Set(staff.body.runs.map((r) => r.analystId))).toEqual(
      new Set([analyst.userId, otherAnalyst.userId]),
    );
  });

  it('every ready dashboard runs: each panel answers rows with the columns its chart names', async () => {
    const list = await call<{ dashboards: { dashboardId: string }[] }>(
      platform.url,
      '/api/analytics/v1/dashboards',
      {
        token: analyst.token,
      },
    );
    expect(list.body.dashboards.length).toBeGreaterThanOrEqual(6);
    for (const { dashboardId } of list.body.dashboards) {
      const dashboard = await call<{ panels: { sql: string; chart: { x: string; y: string } | null }[] }>(
        platform.url,
        `/api/analytics/v1/dashboards/${dashboardId}`,
        { token: analyst.token },
      );
      for (const panel of dashboard.body.panels) {
        const answer = await query(panel.sql, {
          params: { from: '2020-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' },
        });
        expect([dashboardId, answer.status, answer.body.message]).toEqual([dashboardId, 200, undefined]);
        const names = answer.body.columns.map((c) => c.name);
        if (panel.chart) expect(names).toEqual(expect.arrayContaining([panel.chart.x, panel.chart.y]));
      }
    }
  });

  it('refuses learners (403) and answers 404 for an unknown dashboard', async () => {
    const refused = await query('SELECT 1', { token: learner.token });
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 403, code: 'FORBIDDEN' });
    const unknown = await call<{ code: string }>(platform.url, '/api/analytics/v1/dashboards/nope', {
      token: analyst.token,
    });
    expect(unknown.body.code).toBe('NOT_FOUND');
  });
});
