import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Client, type Pool } from 'pg';
import {
  AppendNotifications,
  EVENT_ID_HEADER,
  type EventBus,
  PgEventStore,
  createKafkaBus,
  createPool,
  eventStoreMigrations,
  migrate,
  poolConfig,
} from '@app/server-kit';
import { EventForwarder } from '@app/command-service';
import {
  KafkaProjectionConsumer,
  type Projection,
  loadOffsets,
  projections,
  readModelMigrations,
} from '@app/projection-service';
import { startEmbeddedPostgres } from '@app/infra/dist/postgres';
import { startKafka } from '@app/infra/dist/kafka-broker';
import { fillStore } from './fill';
import {
  type Judged,
  type Percentiles,
  cpuMeter,
  judge,
  percentiles,
  progress,
  round,
  sleep,
} from './support';

/**
 * Issue 5's figures: events/s through the forwarder (store to topic), events/s consumed into the
 * read models (topic to every projection, offsets and dedupe in the same transactions), and the
 * append-to-visible lag through Kafka at a steady 1,000 events/s. A fresh embedded PostgreSQL and
 * a local single-node broker (small heap); the forwarder and the consumer run in this process,
 * as the services run them.
 */
const BACKLOG_EVENTS = 200_000;
const PARTITIONS = 12;
const LAG_RATE = 1000;
const LAG_WARMUP_MS = 3000;
const LAG_MS = 15_000;

export type KafkaFigures = {
  forwarded: Judged & Record<string, unknown>;
  consumed: Judged & Record<string, unknown>;
  appendToVisibleLag: Judged & Percentiles & Record<string, unknown>;
};

const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined };

/** Waits until every partition's stored offset reaches its end; answers the seconds it took. */
async function waitConsumed(pool: Pool, bus: EventBus, topic: string, timeoutMs: number): Promise<void> {
  const ends = await bus.topicOffsets(topic);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stored = new Map((await loadOffsets(pool, topic)).map((s) => [s.partition, s.nextOffset]));
    if (ends.every((e) => e.high === e.low || (stored.get(e.partition) ?? -1n) >= BigInt(e.high))) return;
    if (Date.now() > deadline)
      throw new Error(`the consumer did not reach the topic's end in ${timeoutMs} ms`);
    await sleep(10);
  }
}

export async function measureKafka(benchDir: string): Promise<KafkaFigures> {
  const cleanups: Array<() => Promise<unknown>> = [];
  try {
    progress('kafka: starting embedded PostgreSQL and a local broker');
    const postgres = await startEmbeddedPostgres({ dataDir: path.join(benchDir, 'kafka-store') });
    cleanups.push(() => postgres.stop());
    const kafka = await startKafka({ heap: '384m', dataDir: path.join(benchDir, 'kafka-broker') });
    cleanups.push(() => kafka.stop());
    const admin = new Client(postgres.adminUrl);
    await admin.connect();
    await admin.query('CREATE DATABASE bench_kafka');
    await admin.end();
    const url = postgres.urlFor('bench_kafka');
    await migrate(url, eventStoreMigrations);
    await migrate(url, readModelMigrations);
    const pool = createPool(url, { max: 40, application_name: 'bench-kafka' });
    cleanups.push(() => pool.end());
    const store = new PgEventStore(pool);
    const bus = createKafkaBus({ brokers: kafka.brokers, clientId: 'bench' });
    cleanups.push(() => bus.close());
    const notifications = new AppendNotifications(poolConfig(url));
    await notifications.start();
    cleanups.push(() => notifications.stop());
    const topic = 'bench-events';

    // 1: a backlog through the forwarder, store to topic. One event first creates the topic and the
    // producer session (a fresh broker's coordinator takes a moment); the backlog measures forwarding.
    // The forwarder's bus notes when the broker acknowledged each event (the lag's first leg).
    const acknowledgedAt = new Map<string, number>();
    const timedBus: EventBus = {
      ...bus,
      producer: async () => {
        const producer = await bus.producer();
        return {
          send: async (sendTopic, records) => {
            await producer.send(sendTopic, records);
            const at = performance.now();
            for (const r of records) acknowledgedAt.set(r.headers[EVENT_ID_HEADER], at);
          },
          close: () => producer.close(),
        };
      },
    };
    const forwarder = new EventForwarder({
      pool,
      store,
      notifications,
      bus: timedBus,
      logger: quiet,
      options: { topic, partitions: PARTITIONS },
    });
    cleanups.push(() => forwarder.stop());
    await store.append('bench-first', [{ type: 'TelemetryEventRecorded', data: { eventType: 'first' } }]);
    await forwarder.drain();
    progress(`kafka: filling the store with ${BACKLOG_EVENTS.toLocaleString('en')} events`);
    await fillStore(pool, BACKLOG_EVENTS);
    const total = Number((await pool.query('SELECT count(*) FROM es_events')).rows[0].count);
    progress(`kafka: forwarding ${total.toLocaleString('en')} events`);
    const forwardCpu = cpuMeter({}, 'postgres');
    let started = performance.now();
    const forwardedCount = await forwarder.drain();
    const backlog = forwardedCount + 1;
    const forwardSeconds = (performance.now() - started) / 1000;
    const forwardRate = Math.round(forwardedCount / forwardSeconds);
    progress(`kafka: forwarded ${forwardedCount} events at ${forwardRate} events/s`);
    const forwarded = {
      ...judge(forwardRate, { atLeast: 20_000, unit: 'events/s' }),
      measuredAs: 'a backlog in the store published whole (read, send to all in-sync replicas, checkpoint)',
      events: forwardedCount,
      seconds: round(forwardSeconds, 2),
      partitions: PARTITIONS,
      cpu: forwardCpu.stop(),
    };

    // 2: the same backlog consumed into every read model.
    const visibleAt = new Map<string, number>();
    let pending: string[] = [];
    const probe: Projection = {
      name: 'bench-probe',
      eventTypes: ['TelemetryEventRecorded'],
      tables: [],
      async apply(events) {
        for (const e of events) pending.push(e.metadata.eventId);
      },
    };
    const consumer = new KafkaProjectionConsumer({
      pool,
      bus,
      projections: [...projections, probe],
      logger: quiet,
      options: { topic, groupId: 'bench', partitions: PARTITIONS },
      // After the batch's commit: its events are visible.
      onApplied: () => {
        const at = performance.now();
        for (const id of pending) visibleAt.set(id, at);
        pending = [];
      },
    });
    cleanups.push(() => consumer.stop());
    progress('kafka: consuming the topic into the read models');
    const consumeCpu = cpuMeter({}, 'postgres');
    started = performance.now();
    consumer.start();
    await waitConsumed(pool, bus, topic, 600_000);
    const consumeSeconds = (performance.now() - started) / 1000;
    const consumeRate = Math.round(backlog / consumeSeconds);
    progress(`kafka: consumed ${backlog} events at ${consumeRate} events/s`);
    const counted = await pool.query<{ n: string }>(
      `SELECT (SELECT coalesce(sum(count), 0) FROM rm_telemetry_daily) + (SELECT coalesce(sum(count), 0) FROM rm_affiliate_clicks_daily) AS n`,
    );
    const consumed = {
      ...judge(consumeRate, { atLeast: 20_000, unit: 'events/s' }),
      measuredAs: 'from joining the group to every partition applied (all projections, offsets, dedupe ids)',
      events: backlog,
      seconds: round(consumeSeconds, 2),
      verified:
        Number(counted.rows[0].n) === total
          ? 'the counting read models hold every event once'
          : `MISMATCH: read models count ${counted.rows[0].n} of ${total}`,
      cpu: consumeCpu.stop(),
    };

    // 3: a steady 1,000 single-event appends per second, forwarder and consumer running.
    forwarder.start();
    progress(
      `kafka: append-to-visible lag at ${LAG_RATE}/s, ${LAG_WARMUP_MS / 1000} s warm-up, ${LAG_MS / 1000} s`,
    );
    const sent = new Map<string, number>();
    const answeredAt = new Map<string, number>();
    acknowledgedAt.clear();
    const tick = 10;

    let failed = 0;
    let measuring = false;
    let lagCpu: ReturnType<typeof cpuMeter> | undefined;
    const inFlight = new Set<Promise<unknown>>();
    const begin = performance.now();
    let n = 0;
    while (performance.now() - begin < LAG_WARMUP_MS + LAG_MS) {
      const elapsed = performance.now() - begin;
      if (!measuring && elapsed >= LAG_WARMUP_MS) {
        measuring = true;
        lagCpu = cpuMeter({}, 'postgres');
      }
      const due = Math.floor((elapsed / 1000) * LAG_RATE);
      for (; n < due; n++) {
        const id = randomUUID();
        const at = performance.now();
        const counted = measuring;
        const append = store
          .append(
            `lag-${n % 200}`,
            [{ type: 'TelemetryEventRecorded', data: { eventType: 'lag' }, eventId: id }],
            {
              expectedState: 'any',
            },
          )
          .then(() => {
            if (!counted) return;
            sent.set(id, at);
            answeredAt.set(id, performance.now());
          })
          .catch(() => failed++)
          .finally(() => inFlight.delete(append));
        inFlight.add(append);
      }
      await sleep(Math.max(1, tick - ((performance.now() - begin) % tick)));
    }
    await Promise.all(inFlight);
    const lagCpuUse = lagCpu?.stop();
    const deadline = Date.now() + 30_000;
    while ([...sent.keys()].some((id) => !visibleAt.has(id)) && Date.now() < deadline) await sleep(50);
    const lags: number[] = [];
    let neverVisible = 0;
    for (const [id, at] of sent) {
      const seen = visibleAt.get(id);
      if (seen === undefined) neverVisible++;
      else lags.push(seen - at);
    }
    const lag = percentiles(lags);
    // Where the time goes: the append itself, then to the broker's ack, then into the read models.
    const legs = { append: [] as number[], toBroker: [] as number[], toReadModels: [] as number[] };
    for (const [id, at] of sent) {
      const answered = answeredAt.get(id)!;
      const acked = acknowledgedAt.get(id);
      const seen = visibleAt.get(id);
      legs.append.push(answered - at);
      if (acked !== undefined) legs.toBroker.push(acked - answered);
      if (acked !== undefined && seen !== undefined) legs.toReadModels.push(seen - acked);
    }
    progress(`kafka: lag p50 ${lag.p50} ms, p99 ${lag.p99} ms over ${lags.length} events`);
    const judged = judge(lag.p99, { atMost: 250, unit: 'ms (p99)' });
    await forwarder.stop();
    await consumer.stop();
    return {
      forwarded,
      consumed,
      appendToVisibleLag: {
        ...judged,
        met: judged.met && failed === 0 && neverVisible === 0,
        ...lag,
        measuredAs:
          "from the append's start to the commit of the read-model transaction holding the event (forwarder and consumer in process; a query's read-your-writes wait adds its polling, at most 25 ms)",
        fromAnswerMs: percentiles(
          [...sent.keys()]
            .filter((id) => visibleAt.has(id))
            .map((id) => visibleAt.get(id)! - answeredAt.get(id)!),
        ),
        legsMs: {
          append: percentiles(legs.append),
          answerToBrokerAck: percentiles(legs.toBroker),
          brokerAckToReadModelCommit: percentiles(legs.toReadModels),
        },
        targetRate: LAG_RATE,
        sent: sent.size,
        failed,
        neverVisible,
        cpu: lagCpuUse,
      },
    };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
}
