import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import {
  createTestDatabase,
  type TestDatabase,
  type BusBatch,
  type EventBus,
  PgEventStore,
  createPool,
  eventStoreMigrations,
  migrate,
  toBusRecord,
} from '@app/server-kit';
import { type RecordedEvent, parsePosition } from '@app/contracts';
import { readModelMigrations } from '../infrastructure/migrations';
import { telemetryDailyProjection } from '../read-models/telemetry-daily/telemetry-daily.projection';
import { KafkaProjectionConsumer, KafkaVisibility, rebuildFromKafkaFeed } from './kafka-consumer';

/*
 * The consumer's transaction without a broker: batches as the bus hands them over, applied to a
 * real read model with their offsets. Duplicates by id at new offsets, records below the stored
 * offset, and a stream's events arriving out of revision order across batches.
 */
let db: TestDatabase;
let pool: Pool;
let store: PgEventStore;
const topic = 'unit-topic';
const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined };

beforeAll(async () => {
  db = await createTestDatabase(async (url) => {
    await migrate(url, eventStoreMigrations);
    await migrate(url, readModelMigrations);
  });
  pool = createPool(db.url, { max: 5 });
  store = new PgEventStore(pool);
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

const consumer = () =>
  new KafkaProjectionConsumer({
    pool,
    bus: {} as EventBus,
    projections: [telemetryDailyProjection],
    logger: quiet,
    options: { topic, dedupeOffsets: 3 },
  });

async function storedEvents(stream: string, count: number, eventType: string): Promise<RecordedEvent[]> {
  await store.append(
    stream,
    Array.from({ length: count }, () => ({ type: 'TelemetryEventRecorded' as const, data: { eventType } })),
  );
  return (await store.readAll({ transactionId: 0n, position: 0n }, 100_000)).filter(
    (e) => e.streamId === stream,
  );
}

const batch = (partition: number, firstOffset: number, events: readonly RecordedEvent[]): BusBatch => ({
  topic,
  partition,
  records: events.map((e, i) => ({ ...toBusRecord(e), partition, offset: String(firstOffset + i) })),
});

async function count(eventType: string): Promise<number> {
  const result = await pool.query<{ n: string }>(
    'SELECT coalesce(sum(count), 0) AS n FROM rm_telemetry_daily WHERE event_type = $1',
    [eventType],
  );
  return Number(result.rows[0].n);
}

async function offsets() {
  const result = await pool.query<{ partition: number; next_offset: string; duplicates_skipped: string }>(
    'SELECT partition, next_offset, duplicates_skipped FROM projection_kafka_offsets WHERE topic = $1 ORDER BY 1',
    [topic],
  );
  return result.rows.map((r) => [r.partition, Number(r.next_offset), Number(r.duplicates_skipped)]);
}

it('applies each event once: a resend at new offsets and a redelivery below the stored offset change nothing', async () => {
  const type = `dup-${randomUUID().slice(0, 8)}`;
  const events = await storedEvents(`s-${type}`, 4, type);
  const c = consumer();
  await c.apply([batch(0, 0, events)]);
  expect(await count(type)).toBe(4);
  // The forwarder resends the last two at new offsets, with one new event after them.
  const [extra] = await storedEvents(`t-${type}`, 1, type);
  await c.apply([batch(0, 4, [events[2], events[3], extra])]);
  expect(await count(type)).toBe(5);
  // A batch fetched before the seek: offsets 0..3 again, and 0..6 alongside partition 1.
  await c.apply([batch(0, 0, events)]);
  await c.apply([batch(1, 0, []), batch(0, 0, [...events, events[2], events[3], extra])]);
  expect(await count(type)).toBe(5);
  expect(await offsets()).toEqual([[0, 7, 2]]);
});

it("applies a stream's earlier revision that arrives after a later one (no revision-order dedupe)", async () => {
  const type = `order-${randomUUID().slice(0, 8)}`;
  const events = await storedEvents(`o-${type}`, 3, type);
  const c = consumer();
  // Revision 2 ends one batch, revisions 0 and 1 start the next.
  await c.apply([batch(2, 0, [events[2]])]);
  await c.apply([batch(2, 1, [events[0], events[1]])]);
  expect(await count(type)).toBe(3);
});

const setFloor = (position: { transactionId: bigint; position: bigint }) =>
  pool.query(
    `INSERT INTO projection_kafka_floor (topic, transaction_id, position) VALUES ($1, $2::text::xid8, $3)
     ON CONFLICT (topic) DO UPDATE SET transaction_id = EXCLUDED.transaction_id, position = EXCLUDED.position`,
    [topic, position.transactionId.toString(), position.position.toString()],
  );

it('keeps the ids of the last offsets of each partition only, and of every event above the floor', async () => {
  const c = consumer();
  const applied = async () =>
    Number((await pool.query('SELECT count(*) FROM projection_kafka_applied_events')).rows[0].count);
  const before = await applied();
  // No floor yet: nothing is known applied up to anywhere, so every id stays.
  await c.prune();
  expect(await applied()).toBe(before);
  await setFloor((await store.head()).position!);
  await c.prune();
  const kept = await pool.query<{ partition: number; n: string; lowest: string }>(
    `SELECT a.partition, count(*) AS n, min(a.kafka_offset) AS lowest FROM projection_kafka_applied_events a
      WHERE a.topic = $1 GROUP BY 1 ORDER BY 1`,
    [topic],
  );
  // dedupeOffsets = 3: partition 0 stands at 7, so offsets 4, 5, 6 stay; partition 2 at 3 keeps all.
  expect(kept.rows.map((r) => [r.partition, Number(r.n), Number(r.lowest)])).toEqual([
    [0, 1, 6],
    [2, 3, 0],
  ]);
});

describe('read-your-writes through Kafka', () => {
  const visTopic = 'visibility-topic';
  let ends: Array<{ partition: number; low: string; high: string }>;
  let fetches = 0;
  const fakeBus = {
    topicOffsets: async () => {
      fetches++;
      return ends;
    },
  } as unknown as EventBus;
  const setForwarder = (token: string) => {
    const p = parsePosition(token)!;
    return pool.query(
      `INSERT INTO es_forwarder_checkpoints (topic, transaction_id, position) VALUES ($1, $2::text::xid8, $3)
       ON CONFLICT (topic) DO UPDATE SET transaction_id = EXCLUDED.transaction_id, position = EXCLUDED.position`,
      [visTopic, p.transactionId.toString(), p.position.toString()],
    );
  };
  const setStored = (partition: number, next: number) =>
    pool.query(
      `INSERT INTO projection_kafka_offsets (topic, partition, next_offset) VALUES ($1, $2, $3)
       ON CONFLICT (topic, partition) DO UPDATE SET next_offset = EXCLUDED.next_offset`,
      [visTopic, partition, next],
    );

  it('waits for the forwarder to pass the position, then for every partition to reach its end as of then', async () => {
    const visibility = new KafkaVisibility(pool, fakeBus, visTopic);
    const position = parsePosition('900.90')!;
    // Partition 2 is empty; partition 1 has a record beyond its stored offset.
    ends = [
      { partition: 0, low: '0', high: '5' },
      { partition: 1, low: '0', high: '3' },
      { partition: 2, low: '0', high: '0' },
    ];
    await setStored(0, 5);
    await setStored(1, 2);
    // The forwarder has not published the position yet: whatever the offsets, not visible.
    await setForwarder('900.89');
    expect(await visibility.waitFor(position, 100)).toBe(false);
    await setForwarder('901.1');
    expect(await visibility.waitFor(position, 100)).toBe(false);
    const waiting = [visibility.waitFor(position, 2000), visibility.waitFor(position, 2000)];
    await new Promise((r) => setTimeout(r, 50));
    const fetchesBefore = fetches;
    // Partition 1 applied up to its end: visible, whatever partition 0 received since.
    ends = [{ partition: 0, low: '0', high: '50' }, ...ends.slice(1)];
    await setStored(1, 3);
    expect(await Promise.all(waiting)).toEqual([true, true]);
    // The ends taken after the forwarder passed the position serve every later query for it.
    expect(fetches).toBe(fetchesBefore);
    expect(await visibility.waitFor(parsePosition('900.1')!, 100)).toBe(true);
  });
});

it('rebuilds from the store exactly what came from Kafka: up to the floor, and the remembered ids above it', async () => {
  const type = `rebuild-${randomUUID().slice(0, 8)}`;
  const c = consumer();
  const below = await storedEvents(`rb-${type}`, 3, type);
  const above = await storedEvents(`ra-${type}`, 4, type);
  // The first three up to the floor; of the next four, two applied, two still on the topic.
  await c.apply([batch(5, 0, below)]);
  await c.apply([batch(6, 0, above.slice(0, 2))]);
  const last = below[below.length - 1];
  await setFloor({ transactionId: last.transactionId, position: last.position });
  // Forgotten ids below the floor still count as applied.
  await pool.query('DELETE FROM projection_kafka_applied_events WHERE partition = 5');
  expect(await count(type)).toBe(5);
  await pool.query('UPDATE rm_telemetry_daily SET count = count + 100 WHERE event_type = $1', [type]);
  const progress: number[] = [];
  await rebuildFromKafkaFeed({
    pool,
    topic,
    projection: telemetryDailyProjection,
    batchSize: 4,
    onProgress: (read) => progress.push(read),
  });
  expect(await count(type)).toBe(5);
  expect(progress.length).toBeGreaterThan(1);
  // The consumer goes on from its offsets: the other two once.
  await c.apply([batch(6, 0, above)]);
  expect(await count(type)).toBe(7);
});
