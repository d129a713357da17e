import type { Pool } from 'pg';
import { type EventPosition, ZERO_POSITION, comparePositions } from '@app/contracts';
import type { AppendNotifications, PgEventStore } from '@app/server-kit';
import {
  CheckpointMoves,
  type Projection,
  ProjectionAdmin,
  ProjectionRunner,
  SharedTail,
  projections,
} from '@app/projection-service';
import { progress, round } from './support';

export type CatchUpMeasurement = {
  eventsPerSecond: number;
  events: number;
  batches: number;
  batchSize: number;
  seconds: number;
};

/** Reads the whole store through the safe global read, as a projection catching up does. */
export async function measureCatchUp(
  store: PgEventStore,
  expected: number,
  batchSize = 5000,
): Promise<CatchUpMeasurement> {
  let checkpoint: EventPosition = ZERO_POSITION;
  let events = 0;
  let batches = 0;
  const maxBatches = Math.ceil(expected / batchSize) + 10;
  const start = performance.now();
  for (; batches <= maxBatches; batches++) {
    const batch = await store.readAll(checkpoint, batchSize);
    if (batch.length === 0) break;
    for (const event of batch) {
      const position = { transactionId: event.transactionId, position: event.position };
      // The global order must be strictly increasing, or checkpointing would skip or repeat events.
      if (comparePositions(position, checkpoint) <= 0) {
        throw new Error(
          `readAll went backwards: ${String(event.position)} after ${String(checkpoint.position)}`,
        );
      }
      checkpoint = position;
    }
    events += batch.length;
  }
  const seconds = (performance.now() - start) / 1000;
  if (events !== expected) throw new Error(`readAll returned ${events} events; the store holds ${expected}.`);
  return {
    eventsPerSecond: Math.round(events / seconds),
    events,
    batches,
    batchSize,
    seconds: round(seconds, 2),
  };
}

/** What each spine read model must hold, computed straight from es_events. */
const EXPECTED_ROWS: Record<string, { table: string; key: string; sql: string }> = {
  'telemetry-daily': {
    table: 'rm_telemetry_daily',
    key: 'event_type',
    sql: `SELECT left(metadata->>'occurredAt', 10)::date AS day, data->>'eventType' AS key, count(*)::bigint AS count
            FROM es_events WHERE type = 'TelemetryEventRecorded' GROUP BY 1, 2`,
  },
  'affiliate-clicks-daily': {
    table: 'rm_affiliate_clicks_daily',
    key: 'affiliate_code',
    sql: `SELECT left(metadata->>'occurredAt', 10)::date AS day, data->>'affiliateCode' AS key, count(*)::bigint AS count
            FROM es_events WHERE type = 'AffiliateLinkClicked' GROUP BY 1, 2`,
  },
};

export type Verification = { rows: number; counted: number; missing: number; unexpected: number };

/** Compares a rebuilt read model with the SQL aggregate over the store; throws on any difference. */
export async function verifyReadModel(pool: Pool, projection: Projection): Promise<Verification> {
  const expected = EXPECTED_ROWS[projection.name];
  if (!expected) throw new Error(`The benchmark has no SQL aggregate for projection ${projection.name}.`);
  const result = await pool.query<{ rows: string; counted: string; missing: string; unexpected: string }>(
    `WITH expected AS (${expected.sql}),
          actual AS (SELECT day, ${expected.key} AS key, count FROM ${expected.table})
     SELECT (SELECT count(*) FROM expected) AS rows,
            (SELECT coalesce(sum(count), 0) FROM actual) AS counted,
            (SELECT count(*) FROM (SELECT * FROM expected EXCEPT SELECT * FROM actual) m) AS missing,
            (SELECT count(*) FROM (SELECT * FROM actual EXCEPT SELECT * FROM expected) u) AS unexpected`,
  );
  const row = result.rows[0];
  const verification = {
    rows: Number(row.rows),
    counted: Number(row.counted),
    missing: Number(row.missing),
    unexpected: Number(row.unexpected),
  };
  if (verification.missing > 0 || verification.unexpected > 0 || verification.rows === 0) {
    throw new Error(
      `Rebuilt ${projection.name} differs from the aggregate over es_events: ${JSON.stringify(verification)}`,
    );
  }
  return verification;
}

export type DrainMeasurement = {
  eventsPerSecond: number;
  events: number;
  seconds: number;
  /** ProjectionAdmin.rebuild itself (head, count up to it, truncate), not part of the rate. */
  prepareSeconds: number;
  verification: Verification;
};

export type RebuildMeasurement = {
  /** Each projection rebuilt alone, one after the other. */
  perProjection: Record<string, DrainMeasurement>;
  /** Events in the store over the summed drains of the one-after-the-other runs. */
  sequentialEventsPerSecond: number;
  /**
   * Both rebuilt at once, as the projection-service's runners run (one shared tail): events over the
   * wall time, and how many reads of the store the tail made for both.
   */
  concurrent: { eventsPerSecond: number; seconds: number; events: number; storeReads: number };
};

type RunnerDeps = ConstructorParameters<typeof ProjectionRunner>[1];

/** drain() does not log; the runner's other paths would, so route them to stderr. */
const logger = {
  info: (...args: unknown[]) => progress(`runner: ${JSON.stringify(args)}`),
  warn: (...args: unknown[]) => progress(`runner warning: ${JSON.stringify(args)}`),
  error: (...args: unknown[]) => progress(`runner error: ${JSON.stringify(args)}`),
  debug: () => undefined,
} as unknown as RunnerDeps['logger'];

/**
 * Truncate-and-replay through the real runtime: ProjectionAdmin.rebuild resets the checkpoint,
 * then ProjectionRunner.drain replays everything (batches of rebuildBatchSize, read model and
 * checkpoint in one transaction per batch). Only the drain is timed.
 */
export async function measureRebuild(
  pool: Pool,
  store: PgEventStore,
  notifications: AppendNotifications,
  total: number,
): Promise<RebuildMeasurement> {
  // The bulk data is telemetry and clicks: the projections it feeds are the ones timed and verified
  // (the identity ones would replay a million events of other types and verify nothing).
  const measured = projections.filter((projection) => projection.name in EXPECTED_ROWS);
  const admin = new ProjectionAdmin(pool, store, measured);
  // As the projection-service runs them: the runners of a run read the store through one shared tail
  // (several rebuilding at once share its reads) and move their checkpoints through one CheckpointMoves.
  const moves = new CheckpointMoves(pool);
  const runnerFor = (projection: Projection, tail: SharedTail) =>
    new ProjectionRunner(projection, { pool, store, reader: tail, moves, notifications, logger });

  const perProjection: Record<string, DrainMeasurement> = {};
  for (const projection of measured) {
    const prepared = performance.now();
    await admin.rebuild(projection);
    const start = performance.now();
    const events = await runnerFor(projection, new SharedTail(store)).drain();
    const seconds = (performance.now() - start) / 1000;
    await expectCaughtUp(admin, projection, events, total);
    perProjection[projection.name] = {
      eventsPerSecond: Math.round(events / seconds),
      events,
      seconds: round(seconds, 2),
      prepareSeconds: round((start - prepared) / 1000, 2),
      verification: await verifyReadModel(pool, projection),
    };
    progress(`rebuilt ${projection.name} alone: ${perProjection[projection.name].eventsPerSecond} events/s`);
  }
  const summed = Object.values(perProjection).reduce((sum, m) => sum + m.seconds, 0);

  for (const projection of measured) await admin.rebuild(projection);
  const tail = new SharedTail(store);
  const start = performance.now();
  const drained = await Promise.all(measured.map((projection) => runnerFor(projection, tail).drain()));
  const seconds = (performance.now() - start) / 1000;
  for (const [i, projection] of measured.entries()) {
    await expectCaughtUp(admin, projection, drained[i], total);
    await verifyReadModel(pool, projection);
  }
  progress(
    `rebuilt all ${measured.length} at once: ${Math.round(total / seconds)} events/s (${tail.reads.direct} reads of the store)`,
  );
  return {
    perProjection,
    sequentialEventsPerSecond: Math.round(total / summed),
    concurrent: {
      eventsPerSecond: Math.round(total / seconds),
      seconds: round(seconds, 2),
      events: total,
      storeReads: tail.reads.direct,
    },
  };
}

/** After the drain the checkpoint must be back to running at the head, having seen every event. */
async function expectCaughtUp(
  admin: ProjectionAdmin,
  projection: Projection,
  drained: number,
  total: number,
) {
  const status = (await admin.status()).projections.find((p) => p.name === projection.name);
  if (drained !== total || !status || status.eventsBehind !== 0 || status.state === 'rebuilding') {
    throw new Error(
      `Rebuild of ${projection.name} drained ${drained} of ${total} events; status ${JSON.stringify(status)}`,
    );
  }
}
