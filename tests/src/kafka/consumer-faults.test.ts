import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Pool } from 'pg';
import {
  AppendNotifications,
  type EventBus,
  type NewEvent,
  PgEventStore,
  createKafkaBus,
  createPool,
  eventStoreMigrations,
  migrate,
  poolConfig,
} from '@app/server-kit';
import { EventForwarder } from '@app/command-service';
import { type KafkaConsumerStatus, projections, readModelMigrations } from '@app/projection-service';
import type { RunningKafka } from '../../../infra/src/kafka-broker';
import { freePort } from '../../../infra/src/free-port';
import { ServiceProcess } from '../../../infra/src/service-process';
import { type TestDatabase, createTestDatabase } from '@app/server-kit';
import {
  countsFromEvents,
  countsInReadModels,
  readModelRows,
  rebuildFromStore,
  startTestKafka,
  waitVisible,
} from './kafka-support';

/*
 * Faults of the projection-service consuming from Kafka, with real processes: one killed (SIGKILL)
 * in the middle of a batch transaction, again at random moments of its catch-up, with every event
 * published twice meanwhile (a forwarder resend at new offsets); then two instances sharing the
 * partitions, one killed under load, the other taking its partitions. Every time the read models
 * count every stored event exactly once and equal a from-scratch rebuild from the store.
 */
const repoRoot = path.resolve(__dirname, '../../..');
const script = path.join(repoRoot, 'projection-service/dist/main.js');
const PARTITIONS = 6;
const topic = `consume-faults-${randomUUID().slice(0, 8)}`;
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kafka-consumer-faults-'));

let kafka: RunningKafka;
let bus: EventBus;
let db: TestDatabase;
let pool: Pool;
let store: PgEventStore;
let notifications: AppendNotifications;
let forwarder: EventForwarder;
const instances: Record<'a' | 'b', { service: ServiceProcess; url: string }> = {} as never;

beforeAll(async () => {
  if (!fs.existsSync(script)) throw new Error(`${script} is missing: run \`npm run build\` first.`);
  kafka = await startTestKafka();
  bus = createKafkaBus({ brokers: kafka.brokers, clientId: 'consumer-faults-test' });
  db = await createTestDatabase(async (url) => {
    await migrate(url, eventStoreMigrations);
    await migrate(url, readModelMigrations);
  });
  pool = createPool(db.url, { max: 12 });
  // A killed client's blocked statement must not commit once its lock is released.
  await pool.query(`ALTER DATABASE ${db.name} SET client_connection_check_interval = '50ms'`);
  store = new PgEventStore(pool);
  notifications = new AppendNotifications(poolConfig(db.url));
  await notifications.start();
  forwarder = new EventForwarder({
    pool,
    store,
    notifications,
    bus,
    logger: { error: () => undefined, warn: () => undefined, info: () => undefined },
    options: { topic, partitions: PARTITIONS, batchSize: 1000 },
  });
  for (const name of ['a', 'b'] as const) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const service = new ServiceProcess({
      name: `projection-service-${name}`,
      script,
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        PROJECTION_SERVICE_PORT: String(port),
        HOST: '127.0.0.1',
        MIGRATE_ON_START: 'false',
        SERVICE_NAME: `kafka-projection-${name}`,
        LOG_LEVEL: 'warn',
        KAFKA_BROKERS: kafka.brokers.join(','),
        KAFKA_TOPIC: topic,
        KAFKA_TOPIC_PARTITIONS: String(PARTITIONS),
        KAFKA_SESSION_TIMEOUT_MS: '6000',
      },
      readyUrl: `${url}/health/ready`,
      logFile: path.join(logDir, `projection-service-${name}.log`),
    });
    instances[name] = { service, url };
  }
}, 120_000);

afterAll(async () => {
  await instances.a?.service.stop();
  await instances.b?.service.stop();
  await forwarder?.stop();
  await notifications?.stop();
  await bus?.close();
  await pool?.end();
  await db?.drop();
  await kafka?.stop();
});

async function appendMany(appends: number, perAppend: number, prefix = 'fault'): Promise<void> {
  for (let a = 0; a < appends; a++) {
    const events: NewEvent[] = Array.from({ length: perAppend }, (_, i) =>
      i % 3 === 0
        ? { type: 'AffiliateLinkClicked', data: { affiliateCode: `code-${i % 7}`, landingPath: null } }
        : { type: 'TelemetryEventRecorded', data: { eventType: `type-${i % 5}` } },
    );
    await store.append(`${prefix}-${a % 40}`, events, { expectedState: 'any' });
  }
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function connectionsOf(name: string, waitingOnLock = false): Promise<number> {
  const result = await pool.query(
    `SELECT 1 FROM pg_stat_activity WHERE application_name = $1 ${waitingOnLock ? `AND wait_event_type = 'Lock'` : ''}`,
    [name],
  );
  return result.rowCount ?? 0;
}

/** An instance's Kafka consumer status (undefined while it does not answer). */
async function status(name: 'a' | 'b'): Promise<KafkaConsumerStatus | undefined> {
  try {
    const answer = await fetch(`${instances[name].url}/api/system/v1/status`);
    return ((await answer.json()) as { kafka?: KafkaConsumerStatus }).kafka;
  } catch {
    return undefined;
  }
}

async function assigned(name: 'a' | 'b'): Promise<number[]> {
  return (await status(name))?.assigned ?? [];
}

/** Counts equal to the events, and every read model equal to a from-scratch rebuild. */
async function expectExactlyOnce(): Promise<void> {
  await waitVisible(pool, bus, topic, 90_000);
  expect(await countsInReadModels(pool)).toEqual(await countsFromEvents(pool));
  // Nothing consumes while the rebuild replays from the store.
  await instances.a.service.stop();
  await instances.b.service.stop();
  const consumed = await readModelRows(pool, projections);
  await rebuildFromStore(pool, db.url);
  expect(await readModelRows(pool, projections)).toEqual(consumed);
}

it('applies nothing twice and loses nothing when killed in the middle of a batch, with every event published twice', async () => {
  await appendMany(100, 100);
  await forwarder.drain();

  // Hold the telemetry read model: the instance's first batch blocks inside its transaction.
  const blocker = await pool.connect();
  try {
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE rm_telemetry_daily IN EXCLUSIVE MODE');
    await instances.a.service.start();
    await waitFor(
      async () => (await connectionsOf('kafka-projection-a', true)) > 0,
      30_000,
      'a batch blocked',
    );
    await instances.a.service.kill('SIGKILL');
    await waitFor(
      async () => (await connectionsOf('kafka-projection-a')) === 0,
      10_000,
      'its connections to end',
    );
  } finally {
    await blocker.query('ROLLBACK');
    blocker.release();
  }
  const stored = await pool.query(
    `SELECT count(*)::int AS n FROM projection_kafka_offsets WHERE next_offset > 0`,
  );
  expect(stored.rows[0].n).toBe(0);
  expect((await pool.query('SELECT count(*)::int AS n FROM projection_kafka_applied_events')).rows[0].n).toBe(
    0,
  );

  // The forwarder publishes everything again at new offsets (as after a crash before its checkpoint).
  await pool.query(
    `UPDATE es_forwarder_checkpoints SET transaction_id = '0', position = 0 WHERE topic = $1`,
    [topic],
  );
  await appendMany(50, 100);
  await forwarder.drain();
  for (let round = 0; round < 3; round++) {
    await instances.a.service.start();
    await new Promise((r) => setTimeout(r, 300 + Math.floor(Math.random() * 700)));
    await instances.a.service.kill('SIGKILL');
    await appendMany(20, 100);
    await forwarder.drain();
  }
  await instances.a.service.start();
  await waitVisible(pool, bus, topic, 90_000);
  // It sought to the stored offsets before its first fetch: nothing below them was read again.
  expect(await status('a')).toMatchObject({ redeliveredRecords: 0, assigned: [0, 1, 2, 3, 4, 5] });
  const skipped = await pool.query(
    `SELECT sum(events_applied)::int AS applied, sum(duplicates_skipped)::int AS skipped FROM projection_kafka_offsets WHERE topic = $1`,
    [topic],
  );
  const total = Number((await pool.query('SELECT count(*) FROM es_events')).rows[0].count);
  expect(skipped.rows[0].applied).toBe(total);
  expect(skipped.rows[0].skipped).toBeGreaterThanOrEqual(10_000);
  console.log(
    `killed mid-batch and 3 times more: ${total} events applied once, ${skipped.rows[0].skipped} duplicates skipped`,
  );
  await expectExactlyOnce();
}, 240_000);

it('moves the partitions of a killed instance to the other one, under load', async () => {
  forwarder.start();
  await instances.a.service.start();
  await instances.b.service.start();
  await waitFor(
    async () => (await assigned('a')).length > 0 && (await assigned('b')).length > 0,
    60_000,
    'both instances to hold partitions',
  );
  let appending = true;
  const load = (async () => {
    for (let round = 0; appending; round++) {
      await appendMany(5, 20, `two-${round % 10}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  try {
    await new Promise((r) => setTimeout(r, 1000));
    const held = await assigned('b');
    await instances.b.service.kill('SIGKILL');
    await waitFor(
      async () => (await assigned('a')).length === PARTITIONS,
      60_000,
      `instance a to take partitions ${held.join(', ')} over`,
    );
    await new Promise((r) => setTimeout(r, 1000));
  } finally {
    appending = false;
    await load;
  }
  await expectExactlyOnce();
}, 240_000);
