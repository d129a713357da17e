import type { Pool } from 'pg';
import { type EventPosition, type RecordedEvent, ZERO_POSITION } from '@app/contracts';
import {
  type AppendNotifications,
  type BusLogger,
  type BusProducer,
  type BusRecord,
  DEFAULT_TOPIC_PARTITIONS,
  type EventBus,
  type PgEventStore,
  PollingWorker,
  toBusRecord,
} from '@app/server-kit';

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
  partitions: DEFAULT_TOPIC_PARTITIONS,
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

/**
 * Publishes every event of the store to one topic, in the global read order (so in order per
 * stream, key = stream id), reading the store the way projections do: gap-safe. A batch is sent
 * whole with an idempotent producer; the checkpoint in PostgreSQL moves only after the broker
 * acknowledged it, so a crash resends the last batch (at-least-once) and skips nothing. One process
 * at a time forwards (the worker's leader lock); others stand by.
 */
export class EventForwarder extends PollingWorker {
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
    const options = { ...defaultForwarderOptions, ...deps.options };
    super({ ...deps, lockKey: `event-forwarder:${options.topic}`, polling: options });
    this.options = options;
  }

  get topic(): string {
    return this.options.topic;
  }

  status(): ForwarderStatus {
    return {
      topic: this.topic,
      active: this.isActive,
      checkpoint: this.checkpoint,
      forwarded: this.forwarded,
    };
  }

  override async stop(): Promise<void> {
    await super.stop();
    await this.closeProducer();
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

  protected async onLeadership(): Promise<void> {
    this.deps.logger.info({ topic: this.topic }, 'event forwarder active');
    await this.prepare();
  }

  protected async onFailure(error: unknown): Promise<void> {
    this.deps.logger.error({ err: error, topic: this.topic }, 'event forwarding failed; retrying');
    // The next attempt starts from the stored checkpoint with a new producer session.
    this.checkpoint = undefined;
    this.prefetched = undefined;
    await this.closeProducer();
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
  protected async step(): Promise<number> {
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
