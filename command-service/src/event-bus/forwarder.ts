import type { Pool, PoolClient } from 'pg';
import { type EventPosition, type RecordedEvent, ZERO_POSITION } from '@app/contracts';
import type { AppendNotifications, PgEventStore } from '../event-store';
import type { BusLogger, BusProducer, BusRecord, EventBus } from './bus';
import { toBusRecord } from './event-message';

export type ForwarderOptions = {
  topic: string;
  /** Partitions of the topic when the forwarder creates it. */
  partitions: number;
  /** Events read from the store and published per batch. */
  batchSize: number;
  /**
   * Most bytes of records per send. The broker refuses a partition's record batch over its
   * message.max.bytes (1 MiB by default); a send under it can never make one.
   */
  maxSendBytes: number;
  /** Longest wait for new events when no notification comes (the polling fallback). */
  pollIntervalMs: number;
  /** How often a standby process tries to take over. */
  standbyRetryMs: number;
};

export const defaultForwarderOptions: Omit<ForwarderOptions, 'topic'> = {
  partitions: 12,
  batchSize: 2000,
  maxSendBytes: 768 * 1024,
  pollIntervalMs: 500,
  standbyRetryMs: 1000,
};

export type ForwarderStatus = {
  topic: string;
  active: boolean;
  checkpoint: EventPosition | undefined;
  forwarded: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Publishes every event of the store to one topic, in the global read order (so in order per
 * stream, key = stream id), reading the store the way projections do: gap-safe. A batch is sent
 * whole with an idempotent producer; the checkpoint in PostgreSQL moves only after the broker
 * acknowledged it, so a crash resends the last batch (at-least-once) and skips nothing. One process
 * at a time forwards (an advisory lock); others stand by.
 */
export class EventForwarder {
  private stopped = true;
  private loop: Promise<void> | undefined;
  private lockClient: PoolClient | undefined;
  private producer: BusProducer | undefined;
  private checkpoint: EventPosition | undefined;
  private prefetched: { after: EventPosition; events: Promise<RecordedEvent[]> } | undefined;
  private forwarded = 0;
  private readonly options: ForwarderOptions;

  constructor(
    private readonly deps: {
      pool: Pool;
      store: PgEventStore;
      notifications: AppendNotifications;
      bus: EventBus;
      logger: BusLogger;
      options: Partial<ForwarderOptions> & { topic: string };
      /** Called after each acknowledged and checkpointed batch (metrics). */
      onForwarded?: (events: number) => void;
    },
  ) {
    this.options = { ...defaultForwarderOptions, ...deps.options };
  }

  get topic(): string {
    return this.options.topic;
  }

  status(): ForwarderStatus {
    return {
      topic: this.topic,
      active: this.lockClient !== undefined,
      checkpoint: this.checkpoint,
      forwarded: this.forwarded,
    };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.deps.notifications.wakeAll();
    await this.loop;
    await this.closeProducer();
    await this.releaseLock();
  }

  /** Forwards what is there now, then returns how many events (for tests and benchmarks). */
  async drain(): Promise<number> {
    await this.prepare();
    let total = 0;
    for (;;) {
      const sent = await this.step();
      if (sent === 0) return total;
      total += sent;
    }
  }

  private async run(): Promise<void> {
    // As in the projection runner: after a notification, the new events may still wait for an
    // older transaction to end, so look again soon, backing off; otherwise a whole poll interval.
    let retryMs = 0;
    let prepared = false;
    while (!this.stopped) {
      try {
        if (!(await this.acquireLock())) {
          await sleep(this.options.standbyRetryMs);
          continue;
        }
        if (!prepared) {
          await this.prepare();
          prepared = true;
        }
        const sent = await this.step();
        if (sent > 0) {
          retryMs = 0;
          continue;
        }
        const woken = await this.deps.notifications.wait(retryMs || this.options.pollIntervalMs);
        if (woken === 'notified') retryMs = 2;
        else if (retryMs > 0) retryMs = retryMs * 2 > this.options.pollIntervalMs ? 0 : retryMs * 2;
      } catch (error) {
        this.deps.logger.error({ err: error, topic: this.topic }, 'event forwarding failed; retrying');
        // The next attempt starts from the stored checkpoint with a new producer session.
        this.checkpoint = undefined;
        this.prefetched = undefined;
        prepared = false;
        await this.closeProducer();
        await this.releaseLock();
        await sleep(1000);
      }
    }
  }

  /** The topic exists and the checkpoint row too. */
  private async prepare(): Promise<void> {
    await this.deps.bus.ensureTopic(this.topic, { partitions: this.options.partitions });
    await this.deps.pool.query(
      'INSERT INTO es_forwarder_checkpoints (topic) VALUES ($1) ON CONFLICT (topic) DO NOTHING',
      [this.topic],
    );
    this.checkpoint = undefined;
  }

  /** Reads, publishes and checkpoints one batch; answers how many events it published. */
  private async step(): Promise<number> {
    const from = this.checkpoint ?? (await this.loadCheckpoint());
    this.checkpoint = from;
    const prefetched = this.prefetched;
    this.prefetched = undefined;
    const events =
      prefetched && samePosition(prefetched.after, from)
        ? await prefetched.events
        : await this.deps.store.readAll(from, this.options.batchSize);
    if (events.length === 0) return 0;
    const last = events[events.length - 1];
    const to: EventPosition = { transactionId: last.transactionId, position: last.position };
    // The next batch is read while this one is on its way to the broker.
    if (events.length === this.options.batchSize) {
      const next = this.deps.store.readAll(to, this.options.batchSize);
      next.catch(() => undefined);
      this.prefetched = { after: to, events: next };
    }
    this.producer ??= await this.deps.bus.producer();
    for (const chunk of chunksBySize(inStreamOrder(events).map(toBusRecord), this.options.maxSendBytes)) {
      await this.producer.send(this.topic, chunk);
    }
    const moved = await this.deps.pool.query(
      `UPDATE es_forwarder_checkpoints
          SET transaction_id = $2::text::xid8, position = $3, events_forwarded = events_forwarded + $4,
              updated_at = clock_timestamp()
        WHERE topic = $1 AND transaction_id = $5::text::xid8 AND position = $6`,
      [
        this.topic,
        to.transactionId.toString(),
        to.position.toString(),
        events.length,
        from.transactionId.toString(),
        from.position.toString(),
      ],
    );
    // Another forwarder moved it meanwhile (after this one lost its lock): reload, resend at worst.
    this.checkpoint = moved.rowCount === 1 ? to : undefined;
    this.forwarded += events.length;
    this.deps.onForwarded?.(events.length);
    return events.length;
  }

  private async loadCheckpoint(): Promise<EventPosition> {
    const result = await this.deps.pool.query<{ xid_text: string; position: string }>(
      'SELECT transaction_id::text AS xid_text, position FROM es_forwarder_checkpoints WHERE topic = $1',
      [this.topic],
    );
    const row = result.rows[0];
    if (!row) return ZERO_POSITION;
    return { transactionId: BigInt(row.xid_text), position: BigInt(row.position) };
  }

  private async closeProducer(): Promise<void> {
    const producer = this.producer;
    this.producer = undefined;
    await producer?.close().catch(() => undefined);
  }

  private async acquireLock(): Promise<boolean> {
    if (this.lockClient) return true;
    const client = await this.deps.pool.connect();
    try {
      const result = await client.query<{ locked: boolean }>(
        `SELECT pg_try_advisory_lock(hashtext('event-forwarder:' || $1)) AS locked`,
        [this.topic],
      );
      if (!result.rows[0].locked) {
        client.release();
        return false;
      }
      client.on('error', () => {
        if (this.lockClient === client) this.lockClient = undefined;
      });
      this.lockClient = client;
      this.checkpoint = undefined;
      this.deps.logger.info({ topic: this.topic }, 'event forwarder active');
      return true;
    } catch (error) {
      client.release(true);
      throw error;
    }
  }

  private async releaseLock(): Promise<void> {
    const client = this.lockClient;
    this.lockClient = undefined;
    if (!client) return;
    try {
      await client.query(`SELECT pg_advisory_unlock(hashtext('event-forwarder:' || $1))`, [this.topic]);
      client.release();
    } catch {
      client.release(true);
    }
  }
}

function samePosition(a: EventPosition, b: EventPosition): boolean {
  return a.transactionId === b.transactionId && a.position === b.position;
}

/**
 * The batch in the global read order, except that each stream's events are put in revision order:
 * an append inside a transaction that got its id before an earlier append to the same stream
 * committed sorts before it globally, but must not overtake it on the stream's partition.
 */
export function inStreamOrder(events: readonly RecordedEvent[]): RecordedEvent[] {
  const slots = new Map<string, number[]>();
  events.forEach((event, index) => {
    const list = slots.get(event.streamId);
    if (list) list.push(index);
    else slots.set(event.streamId, [index]);
  });
  const ordered = [...events];
  for (const indexes of slots.values()) {
    if (indexes.length < 2) continue;
    const sorted = indexes.map((i) => events[i]).sort((a, b) => a.revision - b.revision);
    indexes.forEach((slot, k) => (ordered[slot] = sorted[k]));
  }
  return ordered;
}

/** Room a record takes in a record batch beyond its key, value and headers (varints, attributes). */
const RECORD_OVERHEAD_BYTES = 32;

function recordBytes(record: BusRecord): number {
  let bytes = RECORD_OVERHEAD_BYTES + record.value.length + Buffer.byteLength(record.key);
  for (const [name, value] of Object.entries(record.headers))
    bytes += Buffer.byteLength(name) + Buffer.byteLength(value) + 4;
  return bytes;
}

/** Consecutive chunks of at most `maxBytes` of records (a bigger single record goes alone). */
export function chunksBySize(records: readonly BusRecord[], maxBytes: number): BusRecord[][] {
  const chunks: BusRecord[][] = [];
  let current: BusRecord[] = [];
  let bytes = 0;
  for (const record of records) {
    const size = recordBytes(record);
    if (current.length > 0 && bytes + size > maxBytes) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(record);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
