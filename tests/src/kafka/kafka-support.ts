import type { Pool } from 'pg';
import {
  AppendNotifications,
  type BusBatch,
  type EventBus,
  type EventMessage,
  EVENT_ID_HEADER,
  PgEventStore,
  createKafkaBus,
  poolConfig,
} from '@app/server-kit';
import { formatPosition } from '@app/contracts';
import {
  CheckpointStore,
  KafkaVisibility,
  type Projection,
  ProjectionAdmin,
  ProjectionRunner,
  projections,
} from '@app/projection-service';
// Not exported by the package: a relative path, which both jest and tsc's project references resolve.
import { type RunningKafka, kafkaUnavailableReason, startKafka } from '../../../infra/src/kafka-broker';

/**
 * A broker for one suite. Never skips: without Java or the cached jars (`npm test` fetches them
 * first) the suite fails with the reason.
 */
export async function startTestKafka(): Promise<RunningKafka> {
  const reason = kafkaUnavailableReason();
  if (reason) throw new Error(`The Kafka suites need a real broker: ${reason}`);
  return startKafka({ heap: '320m' });
}

export type Received = { partition: number; offset: string; eventId: string; message: EventMessage };

/** Everything a test consumer read from a topic: per partition in offset order. */
export class TopicReader {
  readonly received: Received[] = [];
  private readonly seen = new Set<string>();
  private readonly bus: EventBus;
  private waiters: Array<() => void> = [];

  constructor(brokers: string[]) {
    this.bus = createKafkaBus({ brokers, clientId: 'test-reader' });
  }

  async start(topic: string): Promise<void> {
    await this.bus.consumer({
      topic,
      groupId: `test-reader-${Date.now()}-${Math.random()}`,
      fromBeginning: true,
      handleBatch: async (batch: BusBatch) => {
        for (const record of batch.records) {
          // This consumer commits nothing: after a rebalance (a broker restart) it reads its
          // partitions again from the start. Those are its own re-reads, not the forwarder's resends.
          const place = `${record.partition}:${record.offset}`;
          if (this.seen.has(place)) continue;
          this.seen.add(place);
          this.received.push({
            partition: record.partition,
            offset: record.offset,
            eventId: record.headers[EVENT_ID_HEADER],
            message: JSON.parse(record.value.toString('utf8')) as EventMessage,
          });
        }
        for (const wake of this.waiters) wake();
      },
    });
  }

  uniqueIds(): Set<string> {
    return new Set(this.received.map((r) => r.eventId));
  }

  /** Waits until `count` distinct events arrived. */
  async waitForUnique(count: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.uniqueIds().size < count) {
      if (Date.now() > deadline)
        throw new Error(
          `only ${this.uniqueIds().size} of ${count} distinct events arrived in ${timeoutMs} ms`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 200);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      this.waiters = [];
    }
  }

  async close(): Promise<void> {
    await this.bus.close();
  }
}

/**
 * Checks what arrived against what the store holds: every event exactly as stored, each stream on
 * one partition, and, keeping each event's first delivery, every stream's revisions 0, 1, 2...
 * in partition order. Answers the number of duplicate deliveries.
 */
export function checkDelivery(
  received: readonly Received[],
  stored: ReadonlyMap<string, { stream: string; revision: number; type: string }>,
): { duplicates: number; streams: number } {
  const firstDelivery = new Map<string, Received>();
  let duplicates = 0;
  const byPartition = new Map<number, Received[]>();
  for (const r of received) {
    const list = byPartition.get(r.partition) ?? [];
    list.push(r);
    byPartition.set(r.partition, list);
  }
  const partitionOf = new Map<string, number>();
  const nextRevision = new Map<string, number>();
  for (const list of byPartition.values()) {
    list.sort((a, b) => (BigInt(a.offset) < BigInt(b.offset) ? -1 : 1));
    for (const r of list) {
      const expected = stored.get(r.eventId);
      if (!expected) throw new Error(`event ${r.eventId} arrived but is not in the store`);
      expect({ stream: r.message.stream, revision: r.message.revision, type: r.message.type }).toEqual(
        expected,
      );
      expect(r.message.id).toBe(r.eventId);
      const partition = partitionOf.get(r.message.stream);
      if (partition !== undefined && partition !== r.partition)
        throw new Error(`stream ${r.message.stream} is on partitions ${partition} and ${r.partition}`);
      partitionOf.set(r.message.stream, r.partition);
      if (firstDelivery.has(r.eventId)) {
        duplicates++;
        continue;
      }
      firstDelivery.set(r.eventId, r);
      const next = nextRevision.get(r.message.stream) ?? 0;
      if (r.message.revision !== next)
        throw new Error(
          `stream ${r.message.stream}: revision ${r.message.revision} arrived first, expected ${next}`,
        );
      nextRevision.set(r.message.stream, next + 1);
    }
  }
  const missing = [...stored.keys()].filter((id) => !firstDelivery.has(id));
  expect(missing).toEqual([]);
  return { duplicates, streams: nextRevision.size };
}

type RunnerLogger = ConstructorParameters<typeof ProjectionRunner>[1]['logger'];

/** Every row of every read model, as JSON text in a stable order: to compare two states. */
export async function readModelRows(
  pool: Pool,
  projections: readonly Projection[],
): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {};
  for (const table of projections.flatMap((p) => p.tables)) {
    const result = await pool.query<{ row: string }>(
      `SELECT row_to_json(t)::text AS row FROM "${table}" t ORDER BY 1`,
    );
    rows[table] = result.rows.map((r) => r.row);
  }
  return rows;
}

/** The daily counts straight from the events (what the counting read models must hold). */
export async function countsFromEvents(pool: Pool) {
  const telemetry = await pool.query(
    `SELECT substr(metadata ->> 'occurredAt', 1, 10) AS day, data ->> 'eventType' AS event_type, count(*)::int AS count
       FROM es_events WHERE type = 'TelemetryEventRecorded' GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  const clicks = await pool.query(
    `SELECT substr(metadata ->> 'occurredAt', 1, 10) AS day, data ->> 'affiliateCode' AS affiliate_code, count(*)::int AS count
       FROM es_events WHERE type = 'AffiliateLinkClicked' GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  return { telemetry: telemetry.rows, clicks: clicks.rows };
}

/** The daily counts as the read models hold them. */
export async function countsInReadModels(pool: Pool) {
  const telemetry = await pool.query(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, event_type, count::int FROM rm_telemetry_daily ORDER BY 1, 2`,
  );
  const clicks = await pool.query(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, affiliate_code, count::int FROM rm_affiliate_clicks_daily ORDER BY 1, 2`,
  );
  return { telemetry: telemetry.rows, clicks: clicks.rows };
}

/**
 * A from-scratch rebuild from the store with the runtime's own rebuild (truncate, then replay every
 * projection to the head). Nothing may be consuming into the read models meanwhile.
 */
export async function rebuildFromStore(pool: Pool, databaseUrl: string): Promise<void> {
  const store = new PgEventStore(pool);
  const admin = new ProjectionAdmin(pool, store, projections);
  const notifications = new AppendNotifications(poolConfig(databaseUrl));
  const logger = { info: () => undefined, error: () => undefined } as unknown as RunnerLogger;
  await new CheckpointStore(pool).ensure(projections.map((p) => p.name));
  for (const projection of projections) {
    await admin.rebuild(projection);
    await new ProjectionRunner(projection, { pool, store, notifications, logger }).drain();
  }
}

/**
 * Waits until every event of the store shows in the read models fed from Kafka. Called once the
 * writers are done, so the newest row is committed and is the position to wait for. (The store's
 * head is not: it stops below the oldest transaction running, and the consumer's own transactions
 * hold xids, so it may lag the last append by a batch.)
 */
export async function waitVisible(
  pool: Pool,
  bus: EventBus,
  topic: string,
  timeoutMs: number,
): Promise<void> {
  const newest = await pool.query<{ xid_text: string; position: string }>(
    `SELECT transaction_id::text AS xid_text, position FROM es_events
      ORDER BY transaction_id DESC, position DESC LIMIT 1`,
  );
  if (newest.rows.length === 0) return;
  const head = { transactionId: BigInt(newest.rows[0].xid_text), position: BigInt(newest.rows[0].position) };
  const visible = await new KafkaVisibility(pool, bus, topic).waitFor(head, timeoutMs);
  if (!visible) {
    const offsets = await pool.query('SELECT * FROM projection_kafka_offsets WHERE topic = $1', [topic]);
    throw new Error(
      `the read models did not reach ${formatPosition(head)} within ${timeoutMs} ms: ${JSON.stringify(offsets.rows)}`,
    );
  }
}
