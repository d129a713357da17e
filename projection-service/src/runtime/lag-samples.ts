import type { Pool } from 'pg';
import type { ProjectionStatus } from '@app/contracts';

/** How often each read model's lag is sampled (analytics.projection_lag_history). */
export const LAG_SAMPLE_INTERVAL_MS = 60_000;
/** How long the samples are kept. */
export const LAG_SAMPLE_RETENTION_DAYS = 30;

/**
 * One sample of every read model's distance from the head, keyed by the minute: several processes
 * sampling in the same minute write it once (the first wins). Samples older than the retention go.
 * Answers how many rows this call wrote.
 */
export async function recordLagSample(
  pool: Pool,
  projections: readonly Pick<ProjectionStatus, 'name' | 'eventsBehind' | 'lagMs'>[],
  at: Date = new Date(),
): Promise<number> {
  const { rowCount } = await pool.query(
    `INSERT INTO projection_lag_samples (sampled_at, projection, events_behind, lag_ms)
     SELECT date_trunc('minute', $1::timestamptz), name, behind, lag
       FROM unnest($2::text[], $3::bigint[], $4::bigint[]) AS s(name, behind, lag)
     ON CONFLICT (sampled_at, projection) DO NOTHING`,
    [
      at,
      projections.map((p) => p.name),
      projections.map((p) => p.eventsBehind),
      projections.map((p) => Math.round(p.lagMs)),
    ],
  );
  await pool.query(
    `DELETE FROM projection_lag_samples WHERE sampled_at < $1::timestamptz - make_interval(days => $2)`,
    [at, LAG_SAMPLE_RETENTION_DAYS],
  );
  return rowCount ?? 0;
}
