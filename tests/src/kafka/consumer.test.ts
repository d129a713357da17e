import { randomUUID } from 'node:crypto';
import { type EventBus, type NewEvent, PgEventStore, createKafkaBus } from '@app/server-kit';
import { type ProjectionStatus, telemetryDailyCounts } from '@app/contracts';
import { projections } from '@app/projection-service';
import type { RunningKafka } from '../../../infra/src/kafka-broker';
import { type Platform, STAFF_TOKEN, call, startPlatform } from '../services/platform-harness';
import {
  countsFromEvents,
  countsInReadModels,
  readModelRows,
  rebuildFromStore,
  startTestKafka,
  waitVisible,
} from './kafka-support';

/*
 * The read side through Kafka, end to end: both services in process with KAFKA_BROKERS (the
 * command-service forwards, the projection-service consumes), a command through the gateway, the
 * event through the broker, the read model updated and the query answered with read-your-writes.
 * Then the broker is killed and restarted under load: every event still counted exactly once.
 */
const topic = `consume-${randomUUID().slice(0, 8)}`;
let kafka: RunningKafka;
let bus: EventBus;
let platform: Platform;

beforeAll(async () => {
  kafka = await startTestKafka();
  bus = createKafkaBus({ brokers: kafka.brokers, clientId: 'consumer-test' });
  platform = await startPlatform({
    env: {
      KAFKA_BROKERS: kafka.brokers.join(','),
      KAFKA_TOPIC: topic,
      KAFKA_TOPIC_PARTITIONS: '6',
      KAFKA_SESSION_TIMEOUT_MS: '6000',
    },
  });
  // Until the consumer has joined its group and caught up with the store, a query rightly answers 503 READ_MODEL_NOT_CAUGHT_UP after its 5 s wait; on a loaded machine that can
  // take longer, so the tests start from a consumer that has caught up once.
  await waitVisible(platform.pool, bus, topic, 90_000);
}, 180_000);

afterAll(async () => {
  await platform?.close();
  await bus?.close();
  await kafka?.stop();
});

type Ack = { position: string };

async function recordEvent(type: string, machine: string): Promise<string> {
  const answer = await call<Ack>(platform.url, '/api/events/v1/event', {
    json: { type, machineUuid: machine },
  });
  expect(answer.status).toBe(200);
  return answer.body.position;
}

/**
 * The query with read-your-writes, retried as its 503 asks (`Retry-After`), up to 30 s. The jest run's
 * suites share one PostgreSQL server, and a snapshot's xmin is the whole server's: another suite's long
 * transaction holds back the forwarder's gap-safe read of this one's database, sometimes past the
 * query's own 5 s wait. Any answer still has to count every write before it: never a stale count.
 */
async function telemetryCount(type: string, minPosition: string): Promise<number> {
  const ask = () =>
    call(platform.url, `/api/staff/v1/telemetry/daily?type=${type}`, {
      token: STAFF_TOKEN,
      headers: { 'x-min-position': minPosition },
    });
  let answer = await ask();
  for (let retries = 0; answer.status === 503 && retries < 6; retries++) {
    await new Promise((resolve) =>
      setTimeout(resolve, 1000 * Number(answer.headers.get('retry-after') ?? 1)),
    );
    answer = await ask();
  }
  // The body too when it fails: the error's code and message.
  expect({ status: answer.status, body: answer.status === 200 ? 'rows' : answer.body }).toEqual({
    status: 200,
    body: 'rows',
  });
  return telemetryDailyCounts.response
    .parse(answer.body)
    .rows.filter((r) => r.type === type)
    .reduce((sum, r) => sum + r.count, 0);
}

/** Read models equal to the counts the events give, and to a from-scratch rebuild from the store. */
async function expectExactlyOnce(): Promise<void> {
  await waitVisible(platform.pool, bus, topic, 60_000);
  expect(await countsInReadModels(platform.pool)).toEqual(await countsFromEvents(platform.pool));
  // Caught up and no appends meanwhile: the consumer is idle while the rebuild replays.
  const consumed = await readModelRows(platform.pool, projections);
  await rebuildFromStore(platform.pool, databaseUrl());
  expect(await readModelRows(platform.pool, projections)).toEqual(consumed);
}

/** The platform's database (its pool was made from the URL). */
const databaseUrl = () =>
  (platform.pool as unknown as { options: { connectionString: string } }).options.connectionString;

it('answers a query with its own write after the event went through Kafka', async () => {
  const type = `kafka-e2e-${randomUUID().slice(0, 8)}`;
  for (let sent = 1; sent <= 5; sent++) {
    const position = await recordEvent(type, `machine-${sent % 2}`);
    expect(await telemetryCount(type, position)).toBe(sent);
  }
  // The status shows the consumer, its partitions and its lag; nothing was applied from the store.
  const status = await call<{
    kafka: { topic: string; assigned: number[]; lag: number; partitions: unknown[] };
    projections: Array<{ state: string }>;
  }>(platform.url, '/api/system/v1/status');
  expect(status.status).toBe(200);
  expect(status.body.kafka).toMatchObject({ topic, assigned: [0, 1, 2, 3, 4, 5], lag: 0 });
  expect(status.body.kafka.partitions).toHaveLength(6);
  const metrics = await (await fetch(`${platform.projectionServiceUrl}/metrics`)).text();
  expect(metrics).toMatch(/projection_kafka_consumer_lag\{[^}]*partition="0"[^}]*\} 0/);
  const storeCheckpoints = await platform.pool.query(
    `SELECT count(*)::int AS n FROM projection_checkpoints WHERE position > 0`,
  );
  expect(storeCheckpoints.rows[0].n).toBe(0);
  expect(await telemetryCount(type, await latestToken())).toBe(5);
  await expectExactlyOnce();
}, 60_000);

async function latestToken(): Promise<string> {
  const head = (await new PgEventStore(platform.pool).head()).position!;
  return `${head.transactionId}.${head.position}`;
}

it('counts every event exactly once after the broker is killed and restarted under load', async () => {
  const store = new PgEventStore(platform.pool);
  let appending = true;
  let appended = 0;
  const load = (async () => {
    for (let round = 0; appending; round++) {
      const events: NewEvent[] = Array.from({ length: 20 }, (_, i) =>
        i % 4 === 0
          ? { type: 'AffiliateLinkClicked', data: { affiliateCode: `code-${i % 3}`, landingPath: null } }
          : { type: 'TelemetryEventRecorded', data: { eventType: `load-${i % 5}` } },
      );
      await store.append(`kafka-load-${round % 25}`, events, { expectedState: 'any' });
      appended += events.length;
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  await new Promise((r) => setTimeout(r, 1000));
  await kafka.restart({ kill: true });
  await new Promise((r) => setTimeout(r, 1500));
  appending = false;
  await load;
  // A query with the last command's position waits for the consumer to catch up again.
  const type = `after-restart-${randomUUID().slice(0, 8)}`;
  let answered = false;
  for (let attempt = 0; attempt < 12 && !answered; attempt++) {
    const position = attempt === 0 ? await recordEvent(type, 'machine-r') : await latestToken();
    const answer = await call(platform.url, `/api/staff/v1/telemetry/daily?type=${type}`, {
      token: STAFF_TOKEN,
      headers: { 'x-min-position': position },
    });
    answered = answer.status === 200;
    if (!answered) expect(answer.status).toBe(503);
  }
  expect(answered).toBe(true);
  console.log(`broker restart under load: ${appended} events appended meanwhile`);
  await expectExactlyOnce();
}, 180_000);

it('rebuilds the read models through the API while the consumers go on under load', async () => {
  const store = new PgEventStore(platform.pool);
  let appending = true;
  const load = (async () => {
    for (let round = 0; appending; round++) {
      await store.append(
        `kafka-rebuild-${round % 20}`,
        Array.from({ length: 10 }, (_, i) => ({
          type: 'TelemetryEventRecorded' as const,
          data: { eventType: `rebuild-load-${i % 3}` },
        })),
        { expectedState: 'any' },
      );
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  try {
    await new Promise((r) => setTimeout(r, 500));
    for (const projection of projections) {
      const answer = await call(platform.url, `/api/staff/v1/projections/${projection.name}/rebuild`, {
        json: {},
        token: STAFF_TOKEN,
      });
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 200,
        body: { name: projection.name, state: 'rebuilding' },
      });
    }
    const deadline = Date.now() + 60_000;
    for (;;) {
      const status = await call<{ projections: ProjectionStatus[] }>(platform.url, '/api/system/v1/status');
      if (status.body.projections.every((p) => p.state !== 'rebuilding')) {
        // Each rebuild left its figures: finished, every event it read counted, a rate over its time.
        for (const projection of status.body.projections) {
          const figures = projection.rebuild;
          expect(figures).not.toBeNull();
          expect(figures!.finishedAt).not.toBeNull();
          expect(figures!.eventsDone).toBeGreaterThan(0);
          expect(figures!.eventsTotal).toBeGreaterThanOrEqual(figures!.eventsDone);
        }
        break;
      }
      if (Date.now() > deadline) throw new Error('the rebuilds did not finish in 60 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    appending = false;
    await load;
  }
  await expectExactlyOnce();
}, 120_000);
