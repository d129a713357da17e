import type { Pool } from 'pg';
import { progress, round } from './support';

export type FillResult = { events: number; streams: number; transactions: number; seconds: number };

const TELEMETRY_TYPES = [
  'ui-error',
  'network-error',
  'forced-refresh',
  'crash',
  'chunk-load-failed',
  'slow-render',
  'offline',
  'visibility-change',
];

/**
 * One chunk of events made by the database itself (no client round trip per row): stream and
 * revision follow from the row number, a fifth are clicks (version 2), the rest telemetry
 * (version 1), occurredAt steps 2.5 s from 2025-10-01 so the events spread over about 29 days.
 * The metadata has every field the store writes.
 */
const FILL_CHUNK = `
  INSERT INTO es_events (stream_id, revision, event_id, type, version, data, metadata)
  SELECT 'fill-' || (g.i % $3::bigint), g.i / $3::bigint, g.id,
         CASE WHEN g.click THEN 'AffiliateLinkClicked' ELSE 'TelemetryEventRecorded' END,
         CASE WHEN g.click THEN 2 ELSE 1 END,
         CASE WHEN g.click
              THEN jsonb_build_object('affiliateCode', 'aff' || (g.i % 211),
                                      'landingPath', CASE WHEN g.i % 3 = 0 THEN NULL ELSE '/pricing' END)
              ELSE jsonb_build_object('eventType', ($4::text[])[1 + (g.i % cardinality($4::text[]))::int],
                                      'body', jsonb_build_object('message', 'filled by the benchmark', 'seq', g.i))
         END,
         jsonb_build_object('eventId', g.id, 'correlationId', g.id, 'causationId', g.id,
                            'actor', '{"kind":"system"}'::jsonb,
                            'occurredAt', to_char(g.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                            'schemaVersion', CASE WHEN g.click THEN 2 ELSE 1 END)
    FROM (SELECT i, gen_random_uuid() AS id, i % 5 = 0 AS click,
                 timestamptz '2025-10-01 00:00:00+00' + i * interval '2.5 seconds' AS at
            FROM generate_series($1::bigint, $2::bigint) AS i) g`;

/**
 * Fills an empty store set-based, in chunks of their own transactions run on two connections at
 * once, so transaction ids and positions interleave as they do under real concurrent appends.
 */
export async function fillStore(
  pool: Pool,
  events: number,
  streams = 10_007,
  chunk = 50_000,
): Promise<FillResult> {
  const start = performance.now();
  const chunks = Array.from({ length: Math.ceil(events / chunk) }, (_, k) => k);
  let done = 0;
  const worker = async () => {
    for (let k = chunks.shift(); k !== undefined; k = chunks.shift()) {
      const from = k * chunk;
      const to = Math.min(events, from + chunk) - 1;
      await pool.query(FILL_CHUNK, [from, to, streams, TELEMETRY_TYPES]);
      done += to - from + 1;
      if (done % 200_000 === 0 || done === events) progress(`filled ${done.toLocaleString('en')} events`);
    }
  };
  const transactions = chunks.length;
  await Promise.all([worker(), worker()]);
  await pool.query('ANALYZE es_events');
  const seconds = (performance.now() - start) / 1000;
  return { events, streams: Math.min(streams, events), transactions, seconds: round(seconds, 1) };
}
