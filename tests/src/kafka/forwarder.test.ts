import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Pool } from 'pg';
import {
  AppendNotifications,
  PgEventStore,
  createKafkaBus,
  createPool,
  migrate,
  poolConfig,
  type EventBus,
  type NewEvent,
} from '@app/server-kit';
import { EventForwarder, commandServiceMigrations } from '@app/command-service';
import { formatPosition } from '@app/contracts';
import type { RunningKafka } from '../../../infra/src/kafka-broker';
import { freePort } from '../../../infra/src/free-port';
import { ServiceProcess } from '../../../infra/src/service-process';
import { type TestDatabase, createTestDatabase } from '@app/server-kit';
import { TopicReader, checkDelivery, startTestKafka } from './kafka-support';

/*
 * The forwarder against a real broker: every appended event reaches the topic, in order per stream,
 * none missing; and when the command-service process forwarding them is killed (SIGKILL) in the
 * middle of a batch, again and again, nothing is lost (duplicates allowed, consumers dedupe by id).
 */
const repoRoot = path.resolve(__dirname, '../../..');
const commandServiceScript = path.join(repoRoot, 'command-service/dist/main.js');
const PARTITIONS = 6;

let kafka: RunningKafka;
let bus: EventBus;

beforeAll(async () => {
  kafka = await startTestKafka();
  bus = createKafkaBus({ brokers: kafka.brokers, clientId: 'forwarder-test' });
}, 120_000);

afterAll(async () => {
  await bus?.close();
  await kafka?.stop();
});

type StoreFixture = { db: TestDatabase; pool: Pool; store: PgEventStore; close(): Promise<void> };

async function storeFixture(): Promise<StoreFixture> {
  const db = await createTestDatabase((url) => migrate(url, commandServiceMigrations));
  const pool = createPool(db.url, { max: 12 });
  return {
    db,
    pool,
    store: new PgEventStore(pool),
    close: async () => {
      await pool.end();
      await db.drop();
    },
  };
}

const telemetry = (n: number): NewEvent[] =>
  Array.from({ length: n }, (_, i) => ({
    type: 'TelemetryEventRecorded',
    data: { eventType: `t-${i % 4}` },
  }));

/** `rounds` appends of `perAppend` events to each of `streams` streams, `concurrency` appends at once. */
async function appendRounds(
  store: PgEventStore,
  prefix: string,
  options: { streams: number; rounds: number; perAppend: number; concurrency?: number },
): Promise<void> {
  const jobs: Array<() => Promise<unknown>> = [];
  for (let round = 0; round < options.rounds; round++)
    for (let s = 0; s < options.streams; s++)
      jobs.push(() => store.append(`${prefix}-${s}`, telemetry(options.perAppend), { expectedState: 'any' }));
  const workers = Array.from({ length: options.concurrency ?? 8 }, async () => {
    for (let job = jobs.shift(); job; job = jobs.shift()) await job();
  });
  await Promise.all(workers);
}

/** Every stored event by id: what the topic must carry. */
async function storedEvents(pool: Pool) {
  const rows = await pool.query<{ event_id: string; stream_id: string; revision: string; type: string }>(
    'SELECT event_id, stream_id, revision, type FROM es_events',
  );
  return new Map(
    rows.rows.map((r) => [r.event_id, { stream: r.stream_id, revision: Number(r.revision), type: r.type }]),
  );
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('in process', () => {
  let fixture: StoreFixture;
  let notifications: AppendNotifications;
  let forwarder: EventForwarder;
  const topic = `forward-${randomUUID().slice(0, 8)}`;
  /** What the forwarder logged as failed (it retries them). */
  const failures: object[] = [];

  beforeAll(async () => {
    fixture = await storeFixture();
    notifications = new AppendNotifications(poolConfig(fixture.db.url));
    await notifications.start();
    forwarder = new EventForwarder({
      pool: fixture.pool,
      store: fixture.store,
      notifications,
      bus,
      logger: { error: (fields) => failures.push(fields), warn: () => undefined, info: () => undefined },
      options: { topic, partitions: PARTITIONS, batchSize: 1000 },
    });
  });

  afterAll(async () => {
    await forwarder?.stop();
    await notifications?.stop();
    await fixture?.close();
  });

  it('publishes a backlog and live appends in order per stream, none missing, an append committed late included', async () => {
    // The first batch creates the topic and the producer session (a fresh broker's transaction
    // coordinator takes a second to load); the backlog after it measures forwarding alone.
    await fixture.store.append('backlog-0', telemetry(1));
    expect(await forwarder.drain()).toBe(1);
    await appendRounds(fixture.store, 'backlog', { streams: 50, rounds: 40, perAppend: 10 });
    const backlog = (await storedEvents(fixture.pool)).size - 1;
    const started = Date.now();
    expect(await forwarder.drain()).toBe(backlog);
    const drainMs = Date.now() - started;
    console.log(
      `forwarded a backlog of ${backlog} events in ${drainMs} ms: ${Math.round(backlog / (drainMs / 1000))} events/s`,
    );

    const reader = new TopicReader(kafka.brokers);
    try {
      await reader.start(topic);
      forwarder.start();
      // A transaction that got its id first and commits last: its event must not be skipped.
      const late = await fixture.pool.connect();
      try {
        await late.query('BEGIN');
        await new PgEventStore(late, { notify: false }).append('late-commit', telemetry(3));
        await appendRounds(fixture.store, 'live', { streams: 20, rounds: 10, perAppend: 3, concurrency: 4 });
        await late.query('COMMIT');
      } finally {
        late.release();
      }
      fixture.store.notifyAppended();
      const stored = await storedEvents(fixture.pool);
      await reader.waitForUnique(stored.size, 60_000);
      const { duplicates, streams } = checkDelivery(reader.received, stored);
      expect(duplicates).toBe(0);
      expect(streams).toBe(50 + 20 + 1);
      const head = (await fixture.store.head()).position!;
      await waitFor(
        async () => formatPosition(forwarder.status().checkpoint!) === formatPosition(head),
        10_000,
        'the checkpoint to reach the head',
      );
    } finally {
      await reader.close();
    }
  });

  it('goes on after the broker is killed and restarted under load', async () => {
    failures.length = 0;
    const reader = new TopicReader(kafka.brokers);
    try {
      await reader.start(topic);
      forwarder.start();
      let appending = true;
      const load = (async () => {
        for (let round = 0; appending; round++) {
          await appendRounds(fixture.store, `restart-${round % 10}`, {
            streams: 10,
            rounds: 1,
            perAppend: 5,
          });
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      await new Promise((r) => setTimeout(r, 500));
      await kafka.restart({ kill: true });
      await new Promise((r) => setTimeout(r, 1000));
      appending = false;
      await load;
      const stored = await storedEvents(fixture.pool);
      await reader.waitForUnique(stored.size, 90_000);
      const { duplicates } = checkDelivery(reader.received, stored);
      console.log(
        `broker restart under load: ${stored.size} events, ${duplicates} duplicates, ${failures.length} failed batches retried`,
      );
    } finally {
      await reader.close();
    }
  }, 180_000);
});

describe('killed mid-batch', () => {
  let fixture: StoreFixture;
  let service: ServiceProcess;
  const topic = `forward-kill-${randomUUID().slice(0, 8)}`;
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forwarder-kill-'));

  beforeAll(async () => {
    if (!fs.existsSync(commandServiceScript))
      throw new Error(`${commandServiceScript} is missing: run \`npm run build\` first.`);
    fixture = await storeFixture();
    await fixture.pool.query(
      `ALTER DATABASE ${fixture.db.name} SET client_connection_check_interval = '50ms'`,
    );
    const port = await freePort();
    service = new ServiceProcess({
      name: 'command-service',
      script: commandServiceScript,
      env: {
        ...process.env,
        DATABASE_URL: fixture.db.url,
        COMMAND_SERVICE_PORT: String(port),
        HOST: '127.0.0.1',
        MIGRATE_ON_START: 'false',
        SERVICE_NAME: 'forwarder-under-test',
        LOG_LEVEL: 'warn',
        KAFKA_BROKERS: kafka.brokers.join(','),
        KAFKA_TOPIC: topic,
        KAFKA_TOPIC_PARTITIONS: String(PARTITIONS),
        FORWARDER_BATCH_SIZE: '500',
        // Only the test's own streams go through the topic: no content published at start.
        PUBLISH_CONTENT: 'false',
      },
      readyUrl: `http://127.0.0.1:${port}/health/ready`,
      logFile: path.join(logDir, 'command-service.log'),
    });
  });

  afterAll(async () => {
    await service?.stop();
    await fixture?.close();
  });

  it('loses nothing when the forwarding process is killed between the ack and the checkpoint, and at random', async () => {
    const { pool, store } = fixture;
    await appendRounds(store, 'kill', { streams: 100, rounds: 20, perAppend: 10 });
    await bus.ensureTopic(topic, { partitions: PARTITIONS });
    const reader = new TopicReader(kafka.brokers);
    try {
      await reader.start(topic);

      // Hold the checkpoint row: the first batch is sent and acknowledged, then its checkpoint
      // update waits on the lock, and the kill lands there.
      await pool.query('INSERT INTO es_forwarder_checkpoints (topic) VALUES ($1)', [topic]);
      const blocker = await pool.connect();
      try {
        await blocker.query('BEGIN');
        await blocker.query('SELECT 1 FROM es_forwarder_checkpoints WHERE topic = $1 FOR UPDATE', [topic]);
        await service.start();
        await waitFor(
          async () => {
            const waiting = await pool.query(
              `SELECT 1 FROM pg_stat_activity WHERE application_name = 'forwarder-under-test' AND wait_event_type = 'Lock'`,
            );
            return (waiting.rowCount ?? 0) > 0;
          },
          30_000,
          'a batch sent and its checkpoint blocked',
        );
        await waitFor(async () => reader.received.length >= 500, 30_000, 'the first batch on the topic');
        await service.kill('SIGKILL');
        // Its blocked UPDATE would still commit once the lock is released unless the server sees the
        // client is gone (client_connection_check_interval, set for this database): wait for that.
        await waitFor(
          async () => {
            const left = await pool.query(
              `SELECT 1 FROM pg_stat_activity WHERE application_name = 'forwarder-under-test'`,
            );
            return left.rowCount === 0;
          },
          10_000,
          "the killed process's connections to end",
        );
      } finally {
        await blocker.query('ROLLBACK');
        blocker.release();
      }
      const checkpoint = await pool.query('SELECT position FROM es_forwarder_checkpoints WHERE topic = $1', [
        topic,
      ]);
      expect(checkpoint.rows[0].position).toBe('0');

      // More events while it is down, then restarts killed at random moments of the catch-up.
      await appendRounds(store, 'kill', { streams: 100, rounds: 5, perAppend: 10 });
      for (let round = 0; round < 4; round++) {
        await service.start();
        await new Promise((r) => setTimeout(r, 100 + Math.floor(Math.random() * 400)));
        await service.kill('SIGKILL');
        await appendRounds(store, 'kill', { streams: 100, rounds: 2, perAppend: 10 });
      }
      await service.start();
      // And appends while it runs.
      await appendRounds(store, 'kill', { streams: 100, rounds: 2, perAppend: 5 });

      const stored = await storedEvents(pool);
      await reader.waitForUnique(stored.size, 90_000);
      const { duplicates, streams } = checkDelivery(reader.received, stored);
      expect(streams).toBe(100);
      // The first batch at least was delivered twice: acknowledged, then resent after the kill.
      expect(duplicates).toBeGreaterThanOrEqual(500);
      console.log(
        `${stored.size} events forwarded through ${5} kills: ${reader.received.length} deliveries, ${duplicates} duplicates`,
      );
      const head = formatPosition((await store.head()).position!);
      await waitFor(
        async () => {
          const row = await pool.query(
            `SELECT transaction_id::text || '.' || position AS position, events_forwarded FROM es_forwarder_checkpoints WHERE topic = $1`,
            [topic],
          );
          return row.rows[0].position === head;
        },
        10_000,
        'the checkpoint to reach the head',
      );
    } finally {
      await reader.close();
    }
    // Six starts of the service and a 90-second delivery wait: more than jest's default 60 s on a
    // loaded machine (a limit on waiting, not a speed assertion).
  }, 300_000);
});
