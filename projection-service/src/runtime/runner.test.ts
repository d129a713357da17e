import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import pino from 'pino';
import { createTestDatabase, type TestDatabase } from '@app/server-kit';
import {
  AppendNotifications,
  PgEventStore,
  createPool,
  eventStoreMigrations,
  migrate,
  poolConfig,
  type NewEvent,
} from '@app/server-kit';
import { ZERO_POSITION, comparePositions } from '@app/contracts';
import { readModelMigrations } from '../infrastructure/migrations';
import { telemetryDailyProjection } from '../read-models/telemetry-daily/telemetry-daily.projection';
import { affiliateClicksDailyProjection } from '../read-models/affiliate-clicks-daily/affiliate-clicks-daily.projection';
import { ProjectionRunner } from './runner';
import { SharedTail } from './shared-tail';
import { CheckpointMoves } from './checkpoint-moves';
import { ProjectionAdmin } from './admin';
import { CheckpointStore } from './checkpoints';

const logger = pino({ level: 'silent' });
const projections = [telemetryDailyProjection, affiliateClicksDailyProjection];
let db: TestDatabase;
let pool: Pool;
let store: PgEventStore;
let notifications: AppendNotifications;

beforeAll(async () => {
  db = await createTestDatabase(async (url) => {
    await migrate(url, eventStoreMigrations);
    await migrate(url, readModelMigrations);
  });
  pool = createPool(db.url, { max: 20 });
  store = new PgEventStore(pool);
  notifications = new AppendNotifications(poolConfig(db.url));
  await notifications.start();
  await new CheckpointStore(pool).ensure(projections.map((p) => p.name));
});
afterAll(async () => {
  await notifications.stop();
  await pool.end();
  await db.drop();
});

const runnerFor = (projection = telemetryDailyProjection, runnerPool = pool) =>
  new ProjectionRunner(projection, {
    pool: runnerPool,
    store: new PgEventStore(runnerPool),
    notifications,
    logger,
    options: { batchSize: 7, pollIntervalMs: 50, standbyRetryMs: 50 },
  });

async function appendTelemetry(count: number, eventType = 'ui-error') {
  const events: NewEvent[] = Array.from({ length: count }, () => ({
    type: 'TelemetryEventRecorded',
    data: { eventType },
  }));
  return store.append(`telemetry-${randomUUID()}`, events);
}

async function telemetryCounts(): Promise<Record<string, number>> {
  const rows = await pool.query<{ key: string; count: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') || '/' || event_type AS key, count FROM rm_telemetry_daily ORDER BY 1`,
  );
  return Object.fromEntries(rows.rows.map((r) => [r.key, Number(r.count)]));
}

/** What the read model must hold, computed straight from the store. */
async function expectedTelemetryCounts(): Promise<Record<string, number>> {
  const rows = await pool.query<{ key: string; count: string }>(
    `SELECT substr(metadata ->> 'occurredAt', 1, 10) || '/' || (data ->> 'eventType') AS key, count(*) AS count
       FROM es_events WHERE type = 'TelemetryEventRecorded' GROUP BY 1 ORDER BY 1`,
  );
  return Object.fromEntries(rows.rows.map((r) => [r.key, Number(r.count)]));
}

describe('projection runner', () => {
  it('applies batches set-based and resumes exactly where it stopped', async () => {
    await appendTelemetry(20, 'resume');
    const first = runnerFor();
    expect(await first.drain()).toBeGreaterThanOrEqual(20);
    await appendTelemetry(5, 'resume');
    const second = runnerFor();
    expect(await second.drain()).toBe(5);
    expect(await telemetryCounts()).toEqual(await expectedTelemetryCounts());
  });

  it('changes nothing when a batch is delivered twice', async () => {
    const runner = runnerFor();
    await runner.drain();
    const checkpoints = new CheckpointStore(pool);
    const before = await checkpoints.load(telemetryDailyProjection.name);
    await appendTelemetry(3, 'twice');
    const events = await store.readAll(before.position, 100);
    expect(events).toHaveLength(3);
    await runner.commit(before, events);
    const once = await telemetryCounts();
    // Again with the old checkpoint (compare-and-set fails) and with the new one (all events are behind it).
    await runner.commit(before, events);
    await runner.commit(await checkpoints.load(telemetryDailyProjection.name), events);
    expect(await telemetryCounts()).toEqual(once);
    expect(await telemetryCounts()).toEqual(await expectedTelemetryCounts());
  });

  it('lets only one of several runners of a projection be active, and a standby take over', async () => {
    const otherPool = createPool(db.url, { max: 5 });
    const a = runnerFor();
    const b = runnerFor(telemetryDailyProjection, otherPool);
    try {
      a.start();
      await new Promise((r) => setTimeout(r, 150));
      b.start();
      await appendTelemetry(30, 'takeover');
      await new Promise((r) => setTimeout(r, 300));
      expect(a.isActive).toBe(true);
      expect(b.isActive).toBe(false);
      await a.stop();
      await appendTelemetry(30, 'takeover');
      const admin = new ProjectionAdmin(pool, store, projections);
      const head = (await store.head()).position!;
      expect(await admin.waitFor([telemetryDailyProjection.name], head, 5000)).toBe(true);
      expect(b.isActive).toBe(true);
      expect(await telemetryCounts()).toEqual(await expectedTelemetryCounts());
    } finally {
      await a.stop();
      await b.stop();
      await otherPool.end();
    }
  });

  it.each([
    ['each waking on the notifications', false],
    ['which follows the head and wakes the runners waiting there', true],
  ])(
    'runs several projections through one shared tail %s: each applies every event of its own once',
    async (_, following) => {
      const tail = new SharedTail(store);
      const moves = new CheckpointMoves(pool);
      const runners = projections.map(
        (projection) =>
          new ProjectionRunner(projection, {
            pool,
            store,
            reader: tail,
            head: following ? tail : undefined,
            moves,
            notifications,
            logger,
            options: { batchSize: 7, pollIntervalMs: 50, standbyRetryMs: 50 },
          }),
      );
      // A reader at the head starts the tail's run there (the runners may still be behind it).
      expect(await tail.readAll((await store.head()).position ?? ZERO_POSITION, 100)).toEqual([]);
      // The follower's polling interval is long enough that the check below finds its last read fresh on a
      // loaded machine; it still reads on every notification.
      if (following) tail.follow(notifications, { pollIntervalMs: 500 });
      const affiliateCode = following ? 'shared-following' : 'shared';
      for (const runner of runners) runner.start();
      try {
        let last = (await appendTelemetry(1, 'shared')).position;
        for (let round = 0; round < 10; round++) {
          await appendTelemetry(3, 'shared');
          last = (
            await store.append(`clicks-${randomUUID()}`, [
              { type: 'AffiliateLinkClicked', data: { affiliateCode, landingPath: null } },
            ])
          ).position;
        }
        const admin = new ProjectionAdmin(pool, store, projections);
        expect(
          await admin.waitFor(
            projections.map((p) => p.name),
            last,
            5000,
          ),
        ).toBe(true);
        expect(await telemetryCounts()).toEqual(await expectedTelemetryCounts());
        const clicks = await pool.query<{ count: string }>(
          `SELECT sum(count) AS count FROM rm_affiliate_clicks_daily WHERE affiliate_code = $1`,
          [affiliateCode],
        );
        expect(Number(clicks.rows[0].count)).toBe(10);
        // The runners read the head of the global order through the tail.
        expect(tail.reads.shared).toBeGreaterThan(0);
        if (following) {
          // Caught up, a runner at the head finds nothing new without a read of its own: the follower reads.
          // (A read of the tail's starts before its first await, so the counts are compared before the
          // follower's own next poll can move them.)
          const head = (await store.head()).position!;
          const reads = { ...tail.reads };
          const answer = tail.readAll(head, 100);
          expect(tail.reads).toEqual(reads);
          expect(await answer).toEqual([]);
        }
      } finally {
        const stopping = Promise.all(runners.map((runner) => runner.stop()));
        await tail.stopFollowing();
        await stopping;
      }
      // A click only: nothing of the telemetry runner's. Draining moves past it in memory, then records the
      // move through the shared moves, so its checkpoint is at the head.
      const click = await store.append(`clicks-${randomUUID()}`, [
        { type: 'AffiliateLinkClicked', data: { affiliateCode: 'shared', landingPath: null } },
      ]);
      const sent = moves.sent.moves;
      await runners[0].drain();
      expect(moves.sent.moves).toBe(sent + 1);
      const telemetry = await new CheckpointStore(pool).load(telemetryDailyProjection.name);
      expect(telemetry.position).toEqual(click.position);
    },
  );

  it('records moves past batches with nothing of its own lazily; read-your-writes looks past them', async () => {
    const admin = new ProjectionAdmin(pool, store, projections);
    const checkpoints = new CheckpointStore(pool);
    const runner = new ProjectionRunner(affiliateClicksDailyProjection, {
      pool,
      store,
      notifications,
      logger,
      options: { pollIntervalMs: 50, standbyRetryMs: 50, lazyCheckpointMs: 300 },
    });
    await runner.drain();
    const start = await checkpoints.load(affiliateClicksDailyProjection.name);
    runner.start();
    try {
      // Telemetry only: nothing of the clicks projection's.
      const telemetry = await appendTelemetry(3, 'lazy');
      expect(await admin.waitFor([affiliateClicksDailyProjection.name], telemetry.position, 2000)).toBe(true);
      await new Promise((r) => setTimeout(r, 100));
      // Moved in memory only, so far.
      expect((await checkpoints.load(affiliateClicksDailyProjection.name)).position).toEqual(start.position);
      // Recorded once lazyCheckpointMs has passed (the polling interval wakes the runner).
      for (let i = 0; i < 100; i++) {
        const now = await checkpoints.load(affiliateClicksDailyProjection.name);
        if (comparePositions(now.position, telemetry.position) >= 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const recorded = await checkpoints.load(affiliateClicksDailyProjection.name);
      expect(recorded.position).toEqual(telemetry.position);
      expect(recorded.eventsProcessed).toBe(start.eventsProcessed + 3);

      // Telemetry, then a click: the click's commit records both moves at once.
      await appendTelemetry(2, 'lazy');
      const click = await store.append(`clicks-${randomUUID()}`, [
        { type: 'AffiliateLinkClicked', data: { affiliateCode: 'lazy', landingPath: null } },
      ]);
      expect(await admin.waitFor([affiliateClicksDailyProjection.name], click.position, 5000)).toBe(true);
      const afterClick = await checkpoints.load(affiliateClicksDailyProjection.name);
      expect(afterClick.position).toEqual(click.position);
      expect(afterClick.eventsProcessed).toBe(start.eventsProcessed + 6);
    } finally {
      await runner.stop();
    }
    // Stopped: a click it has not applied is something read-your-writes must wait for.
    const pending = await store.append(`clicks-${randomUUID()}`, [
      { type: 'AffiliateLinkClicked', data: { affiliateCode: 'lazy', landingPath: null } },
    ]);
    expect(await admin.waitFor([affiliateClicksDailyProjection.name], pending.position, 100)).toBe(false);
    await runner.drain();
    expect(await admin.waitFor([affiliateClicksDailyProjection.name], pending.position, 100)).toBe(true);
  });

  it('wakes on a notification and makes an append visible quickly', async () => {
    const runner = runnerFor();
    runner.start();
    try {
      await runner.drain().catch(() => undefined);
      const appended = await appendTelemetry(1, 'wake');
      const admin = new ProjectionAdmin(pool, store, projections);
      expect(await admin.waitFor([telemetryDailyProjection.name], appended.position, 2000)).toBe(true);
    } finally {
      await runner.stop();
    }
  });

  it('rebuilds from zero with progress and ends equal to the incremental result', async () => {
    await appendTelemetry(40, 'rebuild');
    await store.append(`affiliate-x`, [
      { type: 'AffiliateLinkClicked', data: { affiliateCode: 'x', landingPath: null } },
    ]);
    const runner = runnerFor();
    await runner.drain();
    const before = await telemetryCounts();
    const admin = new ProjectionAdmin(pool, store, projections);
    await admin.rebuild(telemetryDailyProjection);
    const rebuilding = (await admin.status()).projections.find(
      (p) => p.name === telemetryDailyProjection.name,
    )!;
    expect(rebuilding.state).toBe('rebuilding');
    expect(rebuilding.rebuildProgress).toBe(0);
    expect(rebuilding.checkpoint).toBe('0.0');
    expect(await telemetryCounts()).toEqual({});
    await runner.drain();
    const done = (await admin.status()).projections.find((p) => p.name === telemetryDailyProjection.name)!;
    expect(done.state).toBe('idle');
    expect(done.eventsBehind).toBe(0);
    expect(await telemetryCounts()).toEqual(before);
  });

  it('rebuilds several read models at once through one shared tail, reading each batch of the store once', async () => {
    await appendTelemetry(30, 'rebuild-together');
    for (let n = 0; n < 5; n++)
      await store.append(`affiliate-${randomUUID()}`, [
        { type: 'AffiliateLinkClicked', data: { affiliateCode: 'together', landingPath: null } },
      ]);
    const admin = new ProjectionAdmin(pool, store, projections);
    for (const projection of projections) await runnerFor(projection).drain();
    const before = await telemetryCounts();
    const total = (await admin.status()).head.totalEvents;
    for (const projection of projections) await admin.rebuild(projection);
    const tail = new SharedTail(store);
    const moves = new CheckpointMoves(pool);
    const drained = await Promise.all(
      projections.map((projection) =>
        new ProjectionRunner(projection, {
          pool,
          store,
          reader: tail,
          moves,
          notifications,
          logger,
          options: { rebuildBatchSize: 10 },
        }).drain(),
      ),
    );
    expect(drained).toEqual(projections.map(() => total));
    // Both started together: each batch of the store was read once for the two (and once more at the end).
    expect(tail.reads.direct).toBeLessThanOrEqual(Math.ceil(total / 10) + 2);
    expect(await telemetryCounts()).toEqual(before);
    const clicks = await pool.query<{ count: string }>(
      `SELECT sum(count) AS count FROM rm_affiliate_clicks_daily WHERE affiliate_code = 'together'`,
    );
    expect(Number(clicks.rows[0].count)).toBe(5);
    for (const status of (await admin.status()).projections.filter((p) =>
      projections.some((projection) => projection.name === p.name),
    )) {
      expect(status.state).toBe('idle');
      expect(status.eventsBehind).toBe(0);
    }
  });

  it('reports lag while behind and none when caught up', async () => {
    const admin = new ProjectionAdmin(pool, store, projections);
    const runner = runnerFor(affiliateClicksDailyProjection);
    await runner.drain();
    // Behind counts the events of the types it handles: the clicks, not the telemetry between them.
    await appendTelemetry(4, 'lag');
    for (let i = 0; i < 3; i++)
      await store.append(`clicks-${randomUUID()}`, [
        { type: 'AffiliateLinkClicked', data: { affiliateCode: 'lag', landingPath: null } },
      ]);
    await new Promise((r) => setTimeout(r, 20));
    const behind = (await admin.status()).projections.find(
      (p) => p.name === affiliateClicksDailyProjection.name,
    )!;
    expect(behind.eventsBehind).toBe(3);
    expect(behind.lagMs).toBeGreaterThan(0);
    await runner.drain();
    const caughtUp = (await admin.status()).projections.find(
      (p) => p.name === affiliateClicksDailyProjection.name,
    )!;
    expect(caughtUp.eventsBehind).toBe(0);
    expect(caughtUp.lagMs).toBe(0);
  });

  it('reads from the beginning when there is no checkpoint row yet', async () => {
    const checkpoint = await new CheckpointStore(pool).load('no-such-projection');
    expect(checkpoint.position).toEqual(ZERO_POSITION);
  });
});
