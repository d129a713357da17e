import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import type {
  AnalyticsChart,
  AnalyticsParams,
  AnalyticsResult,
  AnalyticsSavedQuery,
  AnalyticsSchema,
} from '@app/contracts';
import { getApiErrorMessage } from '@/shared/api/api-error';
import { Button } from '@/shared/ui/button';
import {
  useCancelAnalyticsQueryMutation,
  useDeleteAnalyticsQueryMutation,
  useGetAnalyticsSchemaQuery,
  useListAnalyticsQueriesQuery,
  useListAnalyticsRunsQuery,
  useRunAnalyticsQueryMutation,
  useSaveAnalyticsQueryMutation,
} from '../api/analytics-api';
import { DashboardsPanel } from './dashboards-panel';
import { download, resultAsCsv, resultAsJson } from './downloads';
import { ResultTable } from './result-table';
import { Loader } from '@/shared/ui/loader';
import './analytics.css';

// Monaco (about 1 MB) and recharts load after the page shows: its lists and forms do not wait for them.
const SqlEditor = lazy(() => import('./sql-editor').then((m) => ({ default: m.SqlEditor })));
const ResultChart = lazy(() => import('./result-chart').then((m) => ({ default: m.ResultChart })));

const STARTER_SQL = `SELECT provider, count(*) AS learners
  FROM analytics.learners
 GROUP BY provider
 ORDER BY learners DESC`;

const dayInputValue = (date: Date) => date.toISOString().slice(0, 10);
const toParams = (from: string, to: string): AnalyticsParams => ({
  ...(from ? { from: `${from}T00:00:00Z` } : {}),
  ...(to ? { to: `${to}T00:00:00Z` } : {}),
});

/** A chart of the first text-like column against the first numeric one, when the result has both. */
function defaultChart(result: AnalyticsResult): AnalyticsChart | null {
  const numeric = result.columns.findIndex((c, i) => typeof result.rows[0]?.[i] === 'number' && i > 0);
  if (numeric < 0) return null;
  return { kind: 'bar', x: result.columns[0].name, y: result.columns[numeric].name };
}

/** The analysts' workspace: write SQL over the analytics schema, run it, see, chart, download and save it. */
export function AnalyticsWorkspace() {
  const [sql, setSql] = useState(STARTER_SQL);
  const [from, setFrom] = useState(dayInputValue(new Date(Date.now() - 90 * 86_400_000)));
  const [to, setTo] = useState(dayInputValue(new Date(Date.now() + 86_400_000)));
  const [result, setResult] = useState<AnalyticsResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chart, setChart] = useState<AnalyticsChart | null>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [savedId, setSavedId] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | null>(null);
  const running = useRef<{ runId: string; abort(): void } | null>(null);

  const schema = useGetAnalyticsSchemaQuery();
  const saved = useListAnalyticsQueriesQuery();
  const runs = useListAnalyticsRunsQuery();
  const [runQuery, { isLoading: isRunning }] = useRunAnalyticsQueryMutation();
  const [cancelQuery] = useCancelAnalyticsQueryMutation();
  const [saveQuery, { isLoading: isSaving }] = useSaveAnalyticsQueryMutation();
  const [deleteQuery] = useDeleteAnalyticsQueryMutation();

  // Leaving the page stops a query still running.
  useEffect(
    () => () => {
      if (!running.current) return;
      void cancelQuery({ runId: running.current.runId });
      running.current.abort();
    },
    [cancelQuery],
  );

  const handleRun = async () => {
    if (running.current) return;
    const runId = crypto.randomUUID();
    const request = runQuery({ sql, params: toParams(from, to), runId });
    running.current = { runId, abort: () => request.abort() };
    setError(null);
    setNotice(null);
    try {
      const answer = await request.unwrap();
      const { columns, rows, truncated, durationMs } = answer;
      const next = { columns, rows, truncated, durationMs };
      setResult(next);
      setChart((current) =>
        current && columns.some((c) => c.name === current.x) && columns.some((c) => c.name === current.y)
          ? current
          : defaultChart(next),
      );
    } catch (failure) {
      setError(getApiErrorMessage(failure as Parameters<typeof getApiErrorMessage>[0]));
    } finally {
      running.current = null;
    }
  };

  const handleCancel = () => {
    if (running.current) void cancelQuery({ runId: running.current.runId });
  };

  const handleSave = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      const answer = await saveQuery({ queryId: savedId, name, description, sql, chart }).unwrap();
      setSavedId(answer.queryId);
      setNotice(`Saved "${name}" for every analyst.`);
    } catch (failure) {
      setError(getApiErrorMessage(failure as Parameters<typeof getApiErrorMessage>[0]));
    }
  };

  const handleOpen = (query: AnalyticsSavedQuery) => {
    setSql(query.sql);
    setName(query.name);
    setDescription(query.description);
    setChart(query.chart);
    setSavedId(query.queryId);
    setResult(null);
    setNotice(`Opened "${query.name}".`);
  };

  const columnNames = result?.columns.map((c) => c.name) ?? [];

  return (
    <div className="analytics">
      <aside className="analytics__side" aria-label="Schema, saved queries and history">
        <section className="analytics-panel">
          <h2>Views</h2>
          {schema.data ? (
            <>
              <SchemaViews
                tables={schema.data.tables.filter((table) => !table.snapshot)}
                qualify="analytics."
              />
              {snapshotGroups(schema.data.tables).map((group) => (
                <div key={group.snapshotId} className="analytics-schema__snapshot">
                  <h3>
                    {group.projection} as of {group.position}
                  </h3>
                  <p className="analytics-schema__note">
                    A snapshot staff built; it is gone once they drop it.
                  </p>
                  <SchemaViews tables={group.tables} qualify="" />
                </div>
              ))}
            </>
          ) : schema.isError ? (
            <p role="alert">{getApiErrorMessage(schema.error)}</p>
          ) : (
            <p>Loading…</p>
          )}
        </section>
        <section className="analytics-panel">
          <h2>Saved queries</h2>
          {saved.data?.queries.length ? (
            <ul className="analytics-list">
              {saved.data.queries.map((q) => (
                <li key={q.queryId}>
                  <button type="button" className="analytics-list__open" onClick={() => handleOpen(q)}>
                    {q.name}
                  </button>
                  {q.description ? <p>{q.description}</p> : null}
                  <button
                    type="button"
                    className="analytics-list__delete"
                    aria-label={`Delete ${q.name}`}
                    onClick={() => void deleteQuery({ queryId: q.queryId })}
                  >
                    Delete
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p>None yet.</p>
          )}
        </section>
        <section className="analytics-panel">
          <h2>History</h2>
          <ol className="analytics-list">
            {runs.data?.runs.slice(0, 20).map((run) => (
              <li key={run.runId}>
                <button type="button" className="analytics-list__open" onClick={() => setSql(run.sql)}>
                  <code>{run.sql.slice(0, 60)}</code>
                </button>
                <p>
                  {run.outcome} · {run.rows} rows · {run.durationMs} ms
                </p>
              </li>
            ))}
          </ol>
        </section>
      </aside>

      <div className="analytics__main">
        <section className="analytics-panel" aria-labelledby="analytics-query-title">
          <h2 id="analytics-query-title">Query</h2>
          <Suspense fallback={<Loader label="Loading the SQL editor" />}>
            <SqlEditor value={sql} schema={schema.data} onChange={setSql} onRun={() => void handleRun()} />
          </Suspense>
          <div className="analytics-toolbar">
            <label>
              :from <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
            </label>
            <label>
              :to <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
            </label>
            <Button
              onClick={() => void handleRun()}
              isLoading={isRunning}
              aria-keyshortcuts="Control+Enter Meta+Enter"
            >
              Run
            </Button>
            {isRunning ? (
              <Button variant="secondary" onClick={handleCancel}>
                Cancel
              </Button>
            ) : null}
            <span className="analytics-note">Ctrl+Enter runs</span>
          </div>
          {error ? (
            <p className="analytics-error" role="alert">
              {error}
            </p>
          ) : null}
          {notice ? (
            <p className="analytics-notice" role="status">
              {notice}
            </p>
          ) : null}
        </section>

        {result ? (
          <section className="analytics-panel" aria-labelledby="analytics-result-title">
            <h2 id="analytics-result-title">Result</h2>
            <p className="analytics-summary" role="status">
              {result.rows.length.toLocaleString('en')} rows in {result.durationMs} ms
              {result.truncated ? ' — truncated at 10,000 rows' : ''}
            </p>
            <div className="analytics-toolbar">
              <Button
                variant="secondary"
                onClick={() => download('query.csv', resultAsCsv(result), 'text/csv')}
              >
                Download CSV
              </Button>
              <Button
                variant="secondary"
                onClick={() => download('query.json', resultAsJson(result), 'application/json')}
              >
                Download JSON
              </Button>
            </div>
            <div className="analytics-toolbar">
              <label>
                Chart
                <select
                  value={chart?.kind ?? 'none'}
                  onChange={(e) =>
                    setChart(
                      e.target.value === 'none'
                        ? null
                        : {
                            kind: e.target.value as AnalyticsChart['kind'],
                            x: chart?.x ?? columnNames[0] ?? '',
                            y: chart?.y ?? columnNames[1] ?? columnNames[0] ?? '',
                          },
                    )
                  }
                >
                  <option value="none">None</option>
                  <option value="bar">Bar</option>
                  <option value="line">Line</option>
                </select>
              </label>
              {chart ? (
                <>
                  <label>
                    x
                    <select value={chart.x} onChange={(e) => setChart({ ...chart, x: e.target.value })}>
                      {columnNames.map((n) => (
                        <option key={n}>{n}</option>
                      ))}
                    </select>
                  </label>
                  <label>
                    y
                    <select value={chart.y} onChange={(e) => setChart({ ...chart, y: e.target.value })}>
                      {columnNames.map((n) => (
                        <option key={n}>{n}</option>
                      ))}
                    </select>
                  </label>
                </>
              ) : null}
            </div>
            {chart ? (
              <Suspense fallback={<Loader label="Loading the chart" />}>
                <ResultChart result={result} chart={chart} title="Result" />
              </Suspense>
            ) : null}
            <ResultTable result={result} caption="Query result" />
          </section>
        ) : null}

        <section className="analytics-panel" aria-labelledby="analytics-save-title">
          <h2 id="analytics-save-title">Save for the analysts</h2>
          <form className="analytics-save" onSubmit={(e) => void handleSave(e)}>
            <label>
              Name
              <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} />
            </label>
            <label>
              Description
              <input value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} />
            </label>
            <Button type="submit" isLoading={isSaving}>
              {savedId ? 'Save changes' : 'Save query'}
            </Button>
          </form>
        </section>

        <DashboardsPanel params={toParams(from, to)} />
      </div>
    </div>
  );
}

type SchemaTable = AnalyticsSchema['tables'][number];

/** The views of one schema, each opening onto its columns. */
function SchemaViews({ tables, qualify }: { tables: SchemaTable[]; qualify: string }) {
  return (
    <ul className="analytics-schema">
      {tables.map((table) => (
        <li key={table.name}>
          <details>
            <summary title={table.description ?? undefined}>
              {qualify}
              {table.name}
            </summary>
            <ul>
              {table.columns.map((c) => (
                <li key={c.name}>
                  {c.name} <span className="analytics-grid__type">{c.type}</span>
                </li>
              ))}
            </ul>
          </details>
        </li>
      ))}
    </ul>
  );
}

/** The read-model snapshots staff keep, each with its views (named with the snapshot's schema). */
function snapshotGroups(tables: SchemaTable[]) {
  const groups = new Map<
    string,
    { snapshotId: string; projection: string; position: string; tables: SchemaTable[] }
  >();
  for (const table of tables) {
    if (!table.snapshot) continue;
    const group = groups.get(table.snapshot.snapshotId) ?? { ...table.snapshot, tables: [] };
    group.tables.push(table);
    groups.set(table.snapshot.snapshotId, group);
  }
  return [...groups.values()];
}
