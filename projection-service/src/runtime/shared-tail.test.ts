import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { ZERO_POSITION, type EventPosition, type RecordedEvent } from '@app/contracts';
import {
  AppendNotifications,
  PgEventStore,
  createPool,
  poolConfig,
  createTestDatabase,
  eventStoreMigrations,
  migrate,
  type NewEvent,
  type TestDatabase,
} from '@app/server-kit';
import { SharedTail } from './shared-tail';

/*
 * The shared tail answers exactly what the store's safe global read answers, and readers waiting at
 * the head share one read of it.
 */
let db: TestDatabase;
let pool: Pool;
let store: PgEventStore;

beforeAll(async () => {
  db = await createTestDatabase((url) => migrate(url, eventStoreMigrations));
  pool = createPool(db.url, { max: 10 });
  store = new PgEventStore(pool);
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

const append = (count: number) =>
  store.append(
    `tail-${randomUUID()}`,
    Array.from({ length: count }, (_, n): NewEvent => ({
      type: 'TelemetryEventRecorded',
      data: { eventType: `e${n}` },
    })),
  );
const ids = (events: readonly RecordedEvent[]) => events.map((event) => event.metadata.eventId);
const at = (event: RecordedEvent): EventPosition => ({
  transactionId: event.transactionId,
  position: event.position,
});

it('answers what the store answers; readers at the head share one read, readers inside the run read none', async () => {
  const tail = new SharedTail(store, { capacity: 8 });
  const head = (await store.head()).position ?? ZERO_POSITION;
  // A caught-up reader finds nothing, which starts the run at its position.
  expect(await tail.readAll(head, 100)).toEqual([]);
  expect(tail.reads).toEqual({ shared: 0, direct: 1 });

  await append(3);
  await append(2);
  const expected = await store.readAll(head, 100);
  expect(expected).toHaveLength(5);
  // Ten readers woken at once: one read of the store for all of them.
  const answers = await Promise.all(Array.from({ length: 10 }, () => tail.readAll(head, 100)));
  for (const answer of answers) expect(ids(answer)).toEqual(ids(expected));
  expect(tail.reads).toEqual({ shared: 1, direct: 1 });

  // Inside the run: slices, within the limit, without reading the store.
  expect(ids(await tail.readAll(head, 2))).toEqual(ids(expected.slice(0, 2)));
  expect(ids(await tail.readAll(at(expected[1]), 100))).toEqual(ids(expected.slice(2)));
  expect(tail.reads.shared).toBe(1);

  // The run keeps the latest `capacity` events; a reader behind them reads the store itself.
  await append(6);
  const end = at(expected[4]);
  const more = await store.readAll(end, 100);
  expect(ids(await tail.readAll(end, 100))).toEqual(ids(more));
  expect(tail.reads).toEqual({ shared: 2, direct: 1 });
  expect(ids(await tail.readAll(head, 100))).toEqual(ids([...expected, ...more]));
  expect(tail.reads.direct).toBe(2);
  // At the new end there is nothing yet: one read answers it, and is shared a moment by readers after it.
  const last = at(more[more.length - 1]);
  expect(await tail.readAll(last, 100)).toEqual([]);
  expect(await tail.readAll(last, 100)).toEqual([]);
  expect(tail.reads.shared).toBeLessThanOrEqual(4);
});

it('a reader ahead of the run (its own position, from another process) moves the run there', async () => {
  const tail = new SharedTail(store);
  const before = (await store.head()).position ?? ZERO_POSITION;
  expect(await tail.readAll(before, 100)).toEqual([]);
  const appended = await append(2);
  const later = await store.readAll(before, 100);
  expect(ids(await tail.readAll(appended.position, 100))).toEqual([]);
  // The run now starts at the later position; a reader at the old one is outside it and reads directly.
  expect(ids(await tail.readAll(before, 100))).toEqual(ids(later));
});

it('readers outside the run share reads: asking together, one read; a reader behind another takes what it read', async () => {
  const before = (await store.head()).position ?? ZERO_POSITION;
  await append(4);
  await append(3);
  const expected = await store.readAll(before, 100);
  expect(expected).toHaveLength(7);
  const tail = new SharedTail(store, { keptBehind: 4 });
  // Three read models rebuilding from the same place at once: one read of the store.
  const answers = await Promise.all([1, 2, 3].map(() => tail.readAll(before, 3)));
  for (const answer of answers) expect(ids(answer)).toEqual(ids(expected.slice(0, 3)));
  expect(tail.reads).toEqual({ shared: 0, direct: 1 });
  // A reader inside what was read takes a slice of it, within its own limit.
  expect(ids(await tail.readAll(at(expected[0]), 1))).toEqual(ids(expected.slice(1, 2)));
  expect(ids(await tail.readAll(at(expected[0]), 100))).toEqual(ids(expected.slice(1, 3)));
  expect(tail.reads.direct).toBe(1);
  // At its end the store is read again (the next batch), and a reader behind takes that one too.
  expect(ids(await tail.readAll(at(expected[2]), 3))).toEqual(ids(expected.slice(3, 6)));
  expect(ids(await tail.readAll(at(expected[3]), 100))).toEqual(ids(expected.slice(4, 6)));
  expect(tail.reads.direct).toBe(2);
  // Beyond keptBehind events the oldest read is forgotten: a reader that far behind reads the store.
  expect(ids(await tail.readAll(before, 3))).toEqual(ids(expected.slice(0, 3)));
  expect(tail.reads.direct).toBe(3);
  // Reads at the head are not kept (nothing to keep), and the run starts there as before.
  const head = at(expected[6]);
  expect(await tail.readAll(head, 100)).toEqual([]);
  await append(1);
  expect(await tail.readAll(head, 100)).toHaveLength(1);
  expect(tail.reads).toEqual({ shared: 1, direct: 4 });

  // A read is kept keptMs only: a reader behind it later reads the store itself.
  const brief = new SharedTail(store, { keptMs: 300 });
  expect(ids(await brief.readAll(before, 3))).toEqual(ids(expected.slice(0, 3)));
  expect(ids(await brief.readAll(at(expected[0]), 3))).toEqual(ids(expected.slice(1, 3)));
  expect(brief.reads.direct).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 700));
  expect(ids(await brief.readAll(at(expected[0]), 3))).toEqual(ids(expected.slice(1, 4)));
  expect(brief.reads.direct).toBe(2);
});

describe('following the head', () => {
  let notifications: AppendNotifications;
  beforeAll(async () => {
    notifications = new AppendNotifications(poolConfig(db.url));
    await notifications.start();
  });
  afterAll(() => notifications.stop());

  it('reads the head once per notification and wakes the readers waiting there; they read nothing themselves', async () => {
    const tail = new SharedTail(store);
    const head = (await store.head()).position ?? ZERO_POSITION;
    // A caught-up reader starts the run at the head.
    expect(await tail.readAll(head, 100)).toEqual([]);
    tail.follow(notifications, { pollIntervalMs: 60_000 });
    try {
      const waiting = Array.from({ length: 10 }, () => tail.waitAfter(head, 30_000));
      const appended = await append(3);
      expect(await Promise.all(waiting)).toEqual(Array(10).fill('notified'));
      const expected = await store.readAll(head, 100);
      expect(ids(expected)).toHaveLength(3);
      const reads = { ...tail.reads };
      // Every reader gets the events from the run, and at its end nothing, without reading the store.
      for (let reader = 0; reader < 10; reader++) {
        expect(ids(await tail.readAll(head, 100))).toEqual(ids(expected));
        expect(await tail.readAll(appended.position, 100)).toEqual([]);
      }
      expect(tail.reads).toEqual(reads);
      // A reader behind the end is not kept waiting.
      expect(await tail.waitAfter(head, 30_000)).toBe('notified');
    } finally {
      await tail.stopFollowing();
    }
  });

  it('wakes its waiting readers when it stops; stopped, readers at the head read the store again', async () => {
    const tail = new SharedTail(store);
    const head = (await store.head()).position ?? ZERO_POSITION;
    expect(await tail.readAll(head, 100)).toEqual([]);
    tail.follow(notifications, { pollIntervalMs: 60_000 });
    const waiting = tail.waitAfter(head, 30_000);
    await tail.stopFollowing();
    expect(await waiting).toBe('notified');
    const appended = await append(2);
    const reads = tail.reads.shared;
    expect(ids(await tail.readAll(head, 100))).toEqual(ids(await store.readAll(head, 100)));
    expect(tail.reads.shared).toBe(reads + 1);
    expect(await tail.readAll(appended.position, 100)).toEqual([]);
  });

  it('sees an append that becomes visible after its notification (an older transaction still open)', async () => {
    const tail = new SharedTail(store);
    const head = (await store.head()).position ?? ZERO_POSITION;
    expect(await tail.readAll(head, 100)).toEqual([]);
    tail.follow(notifications, { pollIntervalMs: 60_000 });
    const client = await pool.connect();
    try {
      // An append inside a transaction left open: every later append waits behind it in the global order.
      await client.query('BEGIN');
      await new PgEventStore(client, { notify: false }).append(`tail-${randomUUID()}`, [
        { type: 'TelemetryEventRecorded', data: { eventType: 'older' } },
      ]);
      const waiting = tail.waitAfter(head, 30_000);
      await append(1); // committed and notified, but not readable before the older transaction ends
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await tail.readAll(head, 100)).toEqual([]);
      await client.query('COMMIT'); // no notification: the follower's looking again finds both
      expect(await waiting).toBe('notified');
      expect(await tail.readAll(head, 100)).toHaveLength(2);
    } finally {
      client.release();
      await tail.stopFollowing();
    }
  });
});
