import { Suspense, lazy, useEffect, useState } from 'react';
import type { AnalyticsDashboard, AnalyticsParams, AnalyticsResult } from '@app/contracts';
import { getApiErrorMessage } from '@/shared/api/api-error';
import {
  useLazyGetAnalyticsDashboardQuery,
  useListAnalyticsDashboardsQuery,
  useRunAnalyticsQueryMutation,
} from '../api/analytics-api';
import { ResultTable } from './result-table';

const ResultChart = lazy(() => import('./result-chart').then((m) => ({ default: m.ResultChart })));

type PanelState = { result?: AnalyticsResult; error?: string };

/** The ready dashboards: pick one, and each of its panels runs with the page's :from and :to. */
export function DashboardsPanel({ params }: { params: AnalyticsParams }) {
  const list = useListAnalyticsDashboardsQuery();
  const [loadDashboard] = useLazyGetAnalyticsDashboardQuery();
  const [runQuery] = useRunAnalyticsQueryMutation();
  const [selected, setSelected] = useState('');
  const [dashboard, setDashboard] = useState<AnalyticsDashboard | null>(null);
  const [panels, setPanels] = useState<PanelState[]>([]);

  useEffect(() => {
    if (!selected) return;
    let current = true;
    void (async () => {
      const loaded = await loadDashboard({ params: { dashboardId: selected } }, true).unwrap();
      if (!current) return;
      setDashboard(loaded);
      setPanels(loaded.panels.map(() => ({})));
      const answers = await Promise.all(
        loaded.panels.map(async (panel): Promise<PanelState> => {
          try {
            const { columns, rows, truncated, durationMs } = await runQuery({
              sql: panel.sql,
              params,
            }).unwrap();
            return { result: { columns, rows, truncated, durationMs } };
          } catch (failure) {
            return { error: getApiErrorMessage(failure as Parameters<typeof getApiErrorMessage>[0]) };
          }
        }),
      );
      if (current) setPanels(answers);
    })();
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs again when the dashboard or the dates change
  }, [selected, params.from, params.to]);

  return (
    <section className="analytics-panel" aria-labelledby="analytics-dashboards-title">
      <h2 id="analytics-dashboards-title">Dashboards</h2>
      <label>
        Dashboard{' '}
        <select value={selected} onChange={(e) => setSelected(e.target.value)}>
          <option value="">Choose a dashboard</option>
          {list.data?.dashboards.map((d) => (
            <option key={d.dashboardId} value={d.dashboardId}>
              {d.title}
            </option>
          ))}
        </select>
      </label>
      {dashboard ? (
        <div className="analytics-dashboard">
          <p className="analytics-note">{dashboard.description}</p>
          {dashboard.panels.map((panel, i) => {
            const state = panels[i] ?? {};
            return (
              <article key={panel.title} className="analytics-dashboard__panel">
                <h3>{panel.title}</h3>
                {state.error ? <p role="alert">{state.error}</p> : null}
                {state.result ? (
                  <>
                    {panel.chart ? (
                      <Suspense fallback={null}>
                        <ResultChart result={state.result} chart={panel.chart} title={panel.title} />
                      </Suspense>
                    ) : null}
                    <ResultTable result={state.result} caption={panel.title} />
                  </>
                ) : state.error ? null : (
                  <p>Running…</p>
                )}
              </article>
            );
          })}
        </div>
      ) : null}
    </section>
  );
}
