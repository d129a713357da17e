import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { latestVersion } from '@app/contracts';
import type { ExpectedState, NewEvent, PgEventStore } from '@app/server-kit';
import { type CpuUse, type Percentiles, RateTimeline, cpuMeter, percentiles, round } from './support';

export type AppendLoad = {
  writers: number;
  eventsPerAppend: number;
  durationMs: number;
  /** Where each append's latency (ms) is also put, to judge several measurements together. */
  latencies?: number[];
};

export type AppendMeasurement = {
  eventsPerSecond: number;
  events: number;
  appends: number;
  seconds: number;
  writers: number;
  eventsPerAppend: number;
  appendLatencyMs: Percentiles;
  /** Events appended in each full second: a falling series means the store slows as it grows. */
  perSecond: number[];
};

const TELEMETRY_TYPES = ['ui-error', 'network-error', 'forced-refresh', 'crash'];

/** Mostly telemetry with a click every fifth event, shaped like what the services append. */
function benchEvent(seq: number): NewEvent {
  if (seq % 5 === 4) {
    return {
      type: 'AffiliateLinkClicked',
      data: { affiliateCode: `bench${seq % 97}`, landingPath: '/pricing' },
    };
  }
  return {
    type: 'TelemetryEventRecorded',
    data: {
      eventType: TELEMETRY_TYPES[seq % TELEMETRY_TYPES.length],
      body: { message: 'benchmark event', seq, path: '/problems/two-sum' },
    },
  };
}

/**
 * Closed-loop appends: each writer owns one stream, appends as soon as its previous append
 * answered and checks the exact expected revision (the usual optimistic-concurrency path).
 * The clock stops when the last in-flight append after the deadline has answered.
 */
export async function measureAppends(store: PgEventStore, load: AppendLoad): Promise<AppendMeasurement> {
  const run = randomUUID().slice(0, 8);
  const latencies: number[] = [];
  let events = 0;
  let appends = 0;
  const start = performance.now();
  const deadline = start + load.durationMs;
  const timeline = new RateTimeline(start);
  await Promise.all(
    Array.from({ length: load.writers }, async (_, writer) => {
      const streamId = `bench-${run}-${load.eventsPerAppend}-${writer}`;
      let expected: ExpectedState = 'no_stream';
      let seq = 0;
      while (performance.now() < deadline) {
        const batch = Array.from({ length: load.eventsPerAppend }, () => benchEvent(seq++));
        const sent = performance.now();
        const result = await store.append(streamId, batch, { expectedState: expected });
        const answered = performance.now();
        latencies.push(answered - sent);
        load.latencies?.push(answered - sent);
        timeline.add(batch.length, answered);
        expected = result.streamRevision;
        events += batch.length;
        appends++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return {
    eventsPerSecond: Math.round(events / seconds),
    events,
    appends,
    seconds: round(seconds, 2),
    writers: load.writers,
    eventsPerAppend: load.eventsPerAppend,
    appendLatencyMs: percentiles(latencies),
    perSecond: timeline.perSecond(),
  };
}

/** The anchor's table, with the columns and indexes of es_events. */
async function ensurePlainInsertTable(pool: Pool): Promise<void> {
  await pool.query(`CREATE TABLE IF NOT EXISTS bench_plain_inserts (
      position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
      stream_id text NOT NULL,
      revision bigint NOT NULL,
      event_id uuid NOT NULL UNIQUE,
      type text NOT NULL,
      version integer NOT NULL,
      data jsonb NOT NULL,
      metadata jsonb NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      UNIQUE (stream_id, revision)
    )`);
  await pool.query(
    'CREATE INDEX IF NOT EXISTS bench_plain_inserts_order ON bench_plain_inserts (transaction_id, position)',
  );
}

/**
 * Copies every event the store holds into the anchor's table, so that the two insert into tables and
 * indexes of the same size: a million random event ids spread over thousands of index pages, and an
 * insert into a large index reads more pages, and after a checkpoint logs more of them whole, than one
 * into a small index. Answers how many rows the table holds.
 */
export async function fillPlainInsertTable(pool: Pool): Promise<number> {
  await ensurePlainInsertTable(pool);
  await pool.query(
    `INSERT INTO bench_plain_inserts (stream_id, revision, event_id, type, version, data, metadata, recorded_at)
     SELECT stream_id, revision, event_id, type, version, data, metadata, recorded_at FROM es_events`,
  );
  const result = await pool.query<{ n: string }>('SELECT count(*) AS n FROM bench_plain_inserts');
  return Number(result.rows[0].n);
}

/**
 * The anchor the store is measured against: plain INSERTs of the same events, `eventsPerAppend` rows per
 * statement, one autocommitted statement per round trip on each of `writers` connections, into a table
 * shaped and indexed like es_events (identity key, unique event id, unique stream and revision, the
 * global-order index) but with none of the store's checks. Each row holds what the store's row of the
 * event holds: its schema version, and metadata with the same members (id, correlation and cause,
 * actor, when it occurred, schema version). Same pool, same run, same clock.
 */
export async function measurePlainInserts(pool: Pool, load: AppendLoad): Promise<AppendMeasurement> {
  await ensurePlainInsertTable(pool);
  const run = randomUUID().slice(0, 8);
  const latencies: number[] = [];
  let events = 0;
  let appends = 0;
  const start = performance.now();
  const deadline = start + load.durationMs;
  const timeline = new RateTimeline(start);
  await Promise.all(
    Array.from({ length: load.writers }, async (_, writer) => {
      const client = await pool.connect();
      try {
        const streamId = `plain-${run}-${load.eventsPerAppend}-${writer}`;
        let revision = 0;
        let seq = 0;
        while (performance.now() < deadline) {
          // As the store writes an append: one moment for its events, the first one the cause of the rest.
          const occurredAt = new Date().toISOString();
          let firstId: string | undefined;
          const rows = Array.from({ length: load.eventsPerAppend }, () => {
            const event = benchEvent(seq++);
            const eventId = randomUUID();
            firstId ??= eventId;
            const version = latestVersion(event.type);
            return {
              revision: revision++,
              event_id: eventId,
              type: event.type,
              version,
              data: event.data,
              metadata: {
                eventId,
                correlationId: eventId,
                causationId: firstId,
                actor: { kind: 'system' },
                occurredAt,
                schemaVersion: version,
              },
            };
          });
          const sent = performance.now();
          if (rows.length === 1) {
            const [row] = rows;
            await client.query({
              name: 'bench_plain_insert_one',
              text: `INSERT INTO bench_plain_inserts (stream_id, revision, event_id, type, version, data, metadata)
                     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
              values: [streamId, row.revision, row.event_id, row.type, row.version, row.data, row.metadata],
            });
          } else {
            await client.query({
              name: 'bench_plain_insert_many',
              text: `INSERT INTO bench_plain_inserts (stream_id, revision, event_id, type, version, data, metadata)
                     SELECT $1, x.revision, x.event_id, x.type, x.version, x.data, x.metadata
                       FROM jsonb_to_recordset($2::jsonb)
                            AS x (revision bigint, event_id uuid, type text, version integer, data jsonb,
                                  metadata jsonb)`,
              values: [streamId, JSON.stringify(rows)],
            });
          }
          const answered = performance.now();
          latencies.push(answered - sent);
          load.latencies?.push(answered - sent);
          timeline.add(rows.length, answered);
          events += rows.length;
          appends++;
        }
      } finally {
        client.release();
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return {
    eventsPerSecond: Math.round(events / seconds),
    events,
    appends,
    seconds: round(seconds, 2),
    writers: load.writers,
    eventsPerAppend: load.eventsPerAppend,
    appendLatencyMs: percentiles(latencies),
    perSecond: timeline.perSecond(),
  };
}

export type SideMeasurement = AppendMeasurement & { cpu: CpuUse };

export type BesideAnchor = {
  store: SideMeasurement;
  anchor: SideMeasurement;
  /** Each slice as it ran, in order: which side, its rate and its length. */
  slices: { side: 'store' | 'anchor'; eventsPerSecond: number; seconds: number }[];
};

/**
 * The store and the plain INSERT anchor in alternating slices, anchor-store-store-anchor repeated
 * (`rounds` slices of each, `durationMs` in all for each), so that a shared machine slowing down or
 * speeding up during the measurement weighs on both alike: run one after the other, 10 s each, their
 * ratio moved by a third between runs of the same code here.
 */
export async function measureBesideAnchor(
  store: PgEventStore,
  pool: Pool,
  load: AppendLoad & { rounds: number },
): Promise<BesideAnchor> {
  const sliceMs = load.durationMs / load.rounds;
  const sides = { store: [] as Slice[], anchor: [] as Slice[] };
  const latencies = { store: [] as number[], anchor: [] as number[] };
  const slices: BesideAnchor['slices'] = [];
  for (let slice = 0; slice < 2 * load.rounds; slice++) {
    const side = slice % 4 === 0 || slice % 4 === 3 ? 'anchor' : 'store';
    const sliceLoad = { ...load, durationMs: sliceMs, latencies: latencies[side] };
    const cpu = cpuMeter({}, 'postgres');
    const measured =
      side === 'store' ? await measureAppends(store, sliceLoad) : await measurePlainInserts(pool, sliceLoad);
    sides[side].push({ measured, cpu: cpu.stop() });
    slices.push({ side, eventsPerSecond: measured.eventsPerSecond, seconds: measured.seconds });
  }
  return {
    store: combine(sides.store, latencies.store),
    anchor: combine(sides.anchor, latencies.anchor),
    slices,
  };
}

type Slice = { measured: AppendMeasurement; cpu: CpuUse };

/** Slices of one side as one measurement: totals over their time, CPU weighted by each slice's length. */
function combine(slices: readonly Slice[], latencies: readonly number[]): SideMeasurement {
  const seconds = slices.reduce((sum, slice) => sum + slice.measured.seconds, 0);
  const events = slices.reduce((sum, slice) => sum + slice.measured.events, 0);
  const weighted = (pick: (cpu: CpuUse) => number) =>
    round(slices.reduce((sum, slice) => sum + pick(slice.cpu) * slice.measured.seconds, 0) / seconds, 2);
  const names = [...new Set(slices.flatMap((slice) => Object.keys(slice.cpu.byProcess ?? {})))];
  const [first] = slices;
  return {
    eventsPerSecond: Math.round(events / seconds),
    events,
    appends: slices.reduce((sum, slice) => sum + slice.measured.appends, 0),
    seconds: round(seconds, 2),
    writers: first.measured.writers,
    eventsPerAppend: first.measured.eventsPerAppend,
    appendLatencyMs: percentiles(latencies),
    perSecond: slices.flatMap((slice) => slice.measured.perSecond),
    cpu: {
      benchCores: weighted((cpu) => cpu.benchCores),
      otherCores: weighted((cpu) => cpu.otherCores),
      byProcess: Object.fromEntries(
        names.map((name) => [name, weighted((cpu) => cpu.byProcess?.[name] ?? 0)]),
      ),
    },
  };
}
