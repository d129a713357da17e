import { DEFAULT_TOPIC_PARTITIONS } from '@app/server-kit';
import type { Pool, PoolClient } from 'pg';
import { type EventPosition, type RecordedEvent, comparePositions, formatPosition } from '@app/contracts';
import {
  type BusBatch,
  type BusConsumer,
  type BusLogger,
  type EventBus,
  type PartitionOffsets,
  PgEventStore,
  fromBusRecord,
} from '@app/server-kit';
import type { Projection } from './projection';

export type KafkaConsumerOptions = {
  topic: string;
  /** The consumer group every projection-service instance joins (partitions spread over them). */
  groupId: string;
  /** Partitions of the topic when the consumer creates it (before the forwarder did). */
  partitions: number;
  /**
   * Event ids remembered per partition, counted in offsets back from where it stands. The forwarder
   * resends at most its unacknowledged batch after a crash, so a duplicate lies within one forwarder
   * batch (FORWARDER_BATCH_SIZE records) of its original on the same partition.
   */
  dedupeOffsets: number;
  /** How long the group waits for a silent (killed) instance before its partitions move. */
  sessionTimeoutMs: number;
  /** How often the remembered ids beyond `dedupeOffsets` are deleted. */
  pruneIntervalMs: number;
};

export const defaultKafkaConsumerOptions: Omit<KafkaConsumerOptions, 'topic'> = {
  groupId: 'projection-service',
  partitions: DEFAULT_TOPIC_PARTITIONS,
  dedupeOffsets: 100_000,
  sessionTimeoutMs: 10_000,
  pruneIntervalMs: 10_000,
};

export type PartitionLag = {
  partition: number;
  /** The partition's end (the offset the next record will get). */
  endOffset: string;
  /** The next offset to apply, as stored with the read models. */
  storedOffset: string;
  lag: number;
};

export type KafkaConsumerStatus = {
  topic: string;
  groupId: string;
  /** Partitions this instance holds now. */
  assigned: number[];
  partitions: PartitionLag[];
  /** Records not yet applied, summed over partitions. */
  lag: number;
  /** The latest position applied from any partition (partitions progress independently). */
  latestApplied: string | null;
  /** Longest time a partition with records to apply has not moved, in milliseconds. */
  stalledMs: number;
  /** Records this instance was handed below the stored offsets (and skipped) since it started. */
  redeliveredRecords: number;
};

type StoredOffset = {
  partition: number;
  nextOffset: bigint;
  latest: EventPosition | null;
  updatedAt: Date;
};

/**
 * Feeds the projections from Kafka instead of the store's catch-up read. Each batch of a partition
 * is applied in one transaction that also stores the partition's next offset (batches of several
 * partitions that arrive together share one transaction) (no commits to Kafka:
 * on assignment the consumer seeks to the stored offsets). Events already applied are skipped by
 * id (the forwarder is at-least-once), records below the stored offset by offset (a batch fetched
 * before a seek, or by an instance that lost the partition). The projections see batches of
 * recorded events exactly as from the store.
 *
 * Kafka orders events per stream only; a projection whose state spans streams (user-access,
 * submissions) must not run two batches at once, so each batch takes a transaction lock per
 * projection it feeds (in name order, after the partition's offset row).
 */
export class KafkaProjectionConsumer {
  private consumer: BusConsumer | undefined;
  private starting: Promise<void> | undefined;
  private stopped = true;
  private pruneTimer: NodeJS.Timeout | undefined;
  private readonly options: KafkaConsumerOptions;
  private readonly projections: readonly Projection[];
  private readonly handled: Map<string, Set<string>>;
  private queue: Array<{ batch: BusBatch; resolve: () => void; reject: (error: unknown) => void }> = [];
  private flushing: Promise<void> | undefined;
  /** Records this process was handed below the stored offset (before a seek took effect). */
  private redelivered = 0;

  constructor(
    private readonly deps: {
      pool: Pool;
      bus: EventBus;
      projections: readonly Projection[];
      logger: BusLogger;
      options: Partial<KafkaConsumerOptions> & { topic: string };
      /** Called after each committed batch (metrics). */
      onApplied?: (applied: number, duplicates: number) => void;
    },
  ) {
    this.options = { ...defaultKafkaConsumerOptions, ...deps.options };
    this.projections = [...deps.projections].sort((a, b) => a.name.localeCompare(b.name));
    this.handled = new Map(this.projections.map((p) => [p.name, new Set<string>(p.eventTypes)]));
  }

  get topic(): string {
    return this.options.topic;
  }

  get groupId(): string {
    return this.options.groupId;
  }

  assigned(): number[] {
    return this.consumer?.assigned() ?? [];
  }

  /** Joins the group in the background (retrying while the broker is away). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.starting = this.connect();
    this.pruneTimer = setInterval(() => {
      this.prune().catch((error: unknown) =>
        this.deps.logger.warn({ err: error }, 'pruning applied event ids failed'),
      );
    }, this.options.pruneIntervalMs);
    this.pruneTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    await this.starting;
    await this.consumer?.close().catch(() => undefined);
    this.consumer = undefined;
  }

  private async connect(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.deps.bus.ensureTopic(this.topic, { partitions: this.options.partitions });
        this.consumer = await this.deps.bus.consumer({
          topic: this.topic,
          groupId: this.options.groupId,
          fromBeginning: true,
          sessionTimeoutMs: this.options.sessionTimeoutMs,
          onAssign: async (_topic, partitions) => {
            const stored = await loadOffsets(this.deps.pool, this.topic);
            const seeks = new Map<number, string>();
            for (const offset of stored)
              if (partitions.includes(offset.partition))
                seeks.set(offset.partition, offset.nextOffset.toString());
            return seeks;
          },
          partitionsConcurrently: this.options.partitions,
          handleBatch: (batch) => this.handle(batch),
        });
        this.deps.logger.info(
          { topic: this.topic, groupId: this.options.groupId },
          'projections consuming from Kafka',
        );
        return;
      } catch (error) {
        this.deps.logger.error({ err: error, topic: this.topic }, 'joining the Kafka consumer group failed');
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  /**
   * Takes one partition's batch; resolves once it is applied and its offset stored. Batches that
   * arrive while a transaction runs (other partitions of the same fetch) go together in the next
   * one: one commit for many partitions.
   */
  handle(batch: BusBatch): Promise<void> {
    if (batch.records.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ batch, resolve, reject });
      this.flushing ??= this.flush().finally(() => (this.flushing = undefined));
    });
  }

  private async flush(): Promise<void> {
    // Let the other partitions of the same fetch join the first transaction.
    await new Promise((r) => setImmediate(r));
    while (this.queue.length > 0) {
      const group = this.queue.splice(0, this.queue.length);
      try {
        await this.apply(group.map((g) => g.batch));
        for (const g of group) g.resolve();
      } catch (error) {
        for (const g of group) g.reject(error);
      }
    }
  }

  /** Applies partitions' batches and stores their next offsets, in one transaction. */
  async apply(batches: readonly BusBatch[]): Promise<void> {
    const sorted = batches.filter((b) => b.records.length > 0).sort((a, b) => a.partition - b.partition);
    if (sorted.length === 0) return;
    const topic = this.topic;
    const client = await this.deps.pool.connect();
    try {
      await client.query('BEGIN');
      // Shared with the other batches; a rebuild takes it exclusively (the applied set holds still).
      await client.query(`SELECT pg_advisory_xact_lock_shared(hashtext('kafka-feed:' || $1))`, [topic]);
      // The offset rows first, in partition order: batches of one partition (from a zombie and its
      // successor) queue here, and records below the stored offset were applied already.
      const locked = await client.query<{ partition: number; next_offset: string }>(
        `INSERT INTO projection_kafka_offsets AS o (topic, partition, next_offset)
         SELECT $1, p, 0 FROM unnest($2::int[]) AS p ORDER BY p
         ON CONFLICT (topic, partition) DO UPDATE SET next_offset = o.next_offset
         RETURNING partition, next_offset`,
        [topic, [...new Set(sorted.map((b) => b.partition))]],
      );
      const storedOffsets = new Map(locked.rows.map((r) => [r.partition, BigInt(r.next_offset)]));
      const records = sorted.flatMap((b) =>
        b.records.filter((r) => BigInt(r.offset) >= (storedOffsets.get(b.partition) ?? 0n)),
      );
      const below = sorted.reduce((n, b) => n + b.records.length, 0) - records.length;
      this.redelivered += below;
      if (records.length === 0) {
        await client.query('ROLLBACK');
        return;
      }
      // Decode; a record without a valid event fails the batch (redelivered, logged), never skipped.
      const decoded = records.map((record) => ({ record, event: fromBusRecord(record) }));
      const firstById = new Map<string, (typeof decoded)[number]>();
      for (const item of decoded) {
        const id = item.event.metadata.eventId.toLowerCase();
        if (!firstById.has(id)) firstById.set(id, item);
      }
      const unique = [...firstById.values()];

      const types = new Set<string>(unique.map((u) => u.event.type));
      const fed = this.projections.filter((p) => [...this.handled.get(p.name)!].some((t) => types.has(t)));
      for (const projection of fed)
        await client.query(`SELECT pg_advisory_xact_lock(hashtext('projection-apply:' || $1))`, [
          projection.name,
        ]);

      const inserted = await client.query<{ event_id: string }>(
        `INSERT INTO projection_kafka_applied_events (event_id, topic, partition, kafka_offset, transaction_id, position)
         SELECT x.id, $1, x.p, x.off, x.xid::xid8, x.pos
           FROM unnest($2::uuid[], $3::int[], $4::bigint[], $5::text[], $6::bigint[]) AS x(id, p, off, xid, pos)
         ON CONFLICT (event_id) DO NOTHING
         RETURNING event_id`,
        [
          topic,
          unique.map((u) => u.event.metadata.eventId),
          unique.map((u) => u.record.partition),
          unique.map((u) => u.record.offset),
          unique.map((u) => u.event.transactionId.toString()),
          unique.map((u) => u.event.position.toString()),
        ],
      );
      const fresh = new Set(inserted.rows.map((r) => r.event_id));
      const applied = unique.filter((u) => fresh.has(u.event.metadata.eventId.toLowerCase()));
      const events: RecordedEvent[] = applied.map((u) => u.event);
      for (const projection of fed) {
        const handled = this.handled.get(projection.name)!;
        const relevant = events.filter((e) => handled.has(e.type));
        if (relevant.length > 0) await projection.apply(relevant, client);
      }

      // Per partition: the next offset, counts and the latest position applied.
      const moves = new Map<
        number,
        { next: bigint; applied: number; records: number; latest: RecordedEvent | undefined }
      >();
      for (const r of records) {
        const move = moves.get(r.partition) ?? { next: 0n, applied: 0, records: 0, latest: undefined };
        move.records++;
        const next = BigInt(r.offset) + 1n;
        if (next > move.next) move.next = next;
        moves.set(r.partition, move);
      }
      for (const { record, event } of applied) {
        const move = moves.get(record.partition)!;
        move.applied++;
        if (!move.latest || comparePositions(positionOf(event), positionOf(move.latest)) > 0)
          move.latest = event;
      }
      const rows = [...moves.entries()];
      await client.query(
        `UPDATE projection_kafka_offsets AS o SET
           next_offset = m.next, events_applied = o.events_applied + m.applied,
           duplicates_skipped = o.duplicates_skipped + m.records - m.applied,
           latest_transaction_id = CASE WHEN m.xid IS NULL THEN o.latest_transaction_id
             ELSE GREATEST(o.latest_transaction_id, m.xid::xid8) END,
           latest_position = CASE WHEN m.xid IS NULL THEN o.latest_position
             WHEN o.latest_transaction_id IS NULL OR m.xid::xid8 > o.latest_transaction_id
               OR (m.xid::xid8 = o.latest_transaction_id AND m.pos > o.latest_position) THEN m.pos
             ELSE o.latest_position END,
           updated_at = clock_timestamp()
         FROM unnest($2::int[], $3::bigint[], $4::int[], $5::int[], $6::text[], $7::bigint[])
              AS m(partition, next, applied, records, xid, pos)
         WHERE o.topic = $1 AND o.partition = m.partition`,
        [
          topic,
          rows.map(([p]) => p),
          rows.map(([, m]) => m.next.toString()),
          rows.map(([, m]) => m.applied),
          rows.map(([, m]) => m.records),
          rows.map(([, m]) => m.latest?.transactionId.toString() ?? null),
          rows.map(([, m]) => m.latest?.position.toString() ?? null),
        ],
      );
      await client.query('COMMIT');
      this.deps.onApplied?.(events.length, records.length - events.length);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      this.deps.logger.error(
        { err: error, topic, partitions: sorted.map((b) => b.partition) },
        'applying Kafka batches failed; they are delivered again',
      );
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * Forgets the ids of events further back than `dedupeOffsets` in their partition, and only those
   * at or below the floor (so the applied set stays known exactly: see `rebuildFromKafkaFeed`).
   */
  async prune(): Promise<number> {
    await this.advanceFloor();
    const client = await this.deps.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT pg_advisory_xact_lock_shared(hashtext('kafka-feed:' || $1))`, [this.topic]);
      const result = await client.query(
        `DELETE FROM projection_kafka_applied_events a
          USING projection_kafka_offsets o, projection_kafka_floor f
          WHERE a.topic = $1 AND o.topic = a.topic AND o.partition = a.partition
            AND a.kafka_offset < o.next_offset - $2
            AND f.topic = a.topic
            AND (a.transaction_id, a.position) <= (f.transaction_id, f.position)`,
        [this.topic, this.options.dedupeOffsets],
      );
      await client.query('COMMIT');
      return result.rowCount ?? 0;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * Moves the floor to the forwarder checkpoint read at the previous call once every partition
   * has been applied up to its end as fetched then (the read-your-writes rule, one step behind).
   */
  private pendingFloor: { checkpoint: EventPosition; ends: PartitionOffsets[] } | undefined;

  async advanceFloor(): Promise<void> {
    const pending = this.pendingFloor;
    if (pending) {
      const stored = new Map((await loadOffsets(this.deps.pool, this.topic)).map((o) => [o.partition, o]));
      const reached = pending.ends.every(
        (end) => end.high === end.low || (stored.get(end.partition)?.nextOffset ?? -1n) >= BigInt(end.high),
      );
      if (reached)
        await this.deps.pool.query(
          `INSERT INTO projection_kafka_floor AS f (topic, transaction_id, position) VALUES ($1, $2::text::xid8, $3)
           ON CONFLICT (topic) DO UPDATE SET transaction_id = EXCLUDED.transaction_id, position = EXCLUDED.position,
             updated_at = clock_timestamp()
           WHERE (EXCLUDED.transaction_id, EXCLUDED.position) > (f.transaction_id, f.position)`,
          [this.topic, pending.checkpoint.transactionId.toString(), pending.checkpoint.position.toString()],
        );
    }
    const checkpoint = await forwarderCheckpoint(this.deps.pool, this.topic);
    this.pendingFloor = checkpoint
      ? { checkpoint, ends: await this.deps.bus.topicOffsets(this.topic) }
      : undefined;
  }

  async status(): Promise<KafkaConsumerStatus> {
    const [ends, stored] = await Promise.all([
      this.deps.bus.topicOffsets(this.topic),
      loadOffsets(this.deps.pool, this.topic),
    ]);
    const byPartition = new Map(stored.map((s) => [s.partition, s]));
    const now = Date.now();
    let stalledMs = 0;
    let latest: EventPosition | null = null;
    for (const s of stored)
      if (s.latest && (!latest || comparePositions(s.latest, latest) > 0)) latest = s.latest;
    const partitions = ends.map((end) => {
      const own = byPartition.get(end.partition);
      const next = own ? own.nextOffset : BigInt(end.low);
      const lag = Math.max(0, Number(BigInt(end.high) - (next > BigInt(end.low) ? next : BigInt(end.low))));
      if (lag > 0) stalledMs = Math.max(stalledMs, own ? now - own.updatedAt.getTime() : 0);
      return { partition: end.partition, endOffset: end.high, storedOffset: next.toString(), lag };
    });
    return {
      topic: this.topic,
      groupId: this.options.groupId,
      assigned: this.assigned(),
      partitions,
      lag: partitions.reduce((sum, p) => sum + p.lag, 0),
      latestApplied: latest ? formatPosition(latest) : null,
      stalledMs,
      redeliveredRecords: this.redelivered,
    };
  }
}

function positionOf(event: RecordedEvent): EventPosition {
  return { transactionId: event.transactionId, position: event.position };
}

/** Where the forwarder stands on the topic: every event up to it is acknowledged by the broker. */
async function forwarderCheckpoint(pool: Pool, topic: string): Promise<EventPosition | undefined> {
  const result = await pool.query<{ xid_text: string; position: string }>(
    `SELECT transaction_id::text AS xid_text, position FROM es_forwarder_checkpoints WHERE topic = $1`,
    [topic],
  );
  const row = result.rows[0];
  return row ? { transactionId: BigInt(row.xid_text), position: BigInt(row.position) } : undefined;
}

/**
 * Rebuilds one projection while its events come from Kafka: in one transaction that holds the
 * consumers off (the feed lock, exclusively), empties its tables and replays from the store exactly
 * the events the consumers have applied: every event up to the floor, and those above it whose ids
 * are remembered. The consumers then go on from their stored offsets. Readers see the old rows
 * until the commit.
 */
export async function rebuildFromKafkaFeed(deps: {
  pool: Pool;
  topic: string;
  projection: Projection;
  batchSize?: number;
  /** Events of the store read so far. */
  onProgress?: (events: number) => void;
}): Promise<number> {
  const { pool, topic, projection } = deps;
  const handled = new Set<string>(projection.eventTypes);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('kafka-feed:' || $1))`, [topic]);
    const floorRow = await client.query<{ xid_text: string; position: string }>(
      `SELECT transaction_id::text AS xid_text, position FROM projection_kafka_floor WHERE topic = $1`,
      [topic],
    );
    const floor: EventPosition = floorRow.rows[0]
      ? { transactionId: BigInt(floorRow.rows[0].xid_text), position: BigInt(floorRow.rows[0].position) }
      : { transactionId: 0n, position: 0n };
    await client.query(`TRUNCATE ${projection.tables.map((t) => `"${t}"`).join(', ')}`);
    // This transaction holds an xid, so the store's safe read stops before it: every applied event
    // committed before the lock was taken, below any transaction still running.
    const store = new PgEventStore(client, { notify: false });
    let after: EventPosition = { transactionId: 0n, position: 0n };
    let replayed = 0;
    let read = 0;
    for (;;) {
      const events = await store.readAll(after, deps.batchSize ?? 5000);
      if (events.length === 0) break;
      const last = events[events.length - 1];
      after = { transactionId: last.transactionId, position: last.position };
      const above = events.filter((e) => comparePositions(positionOf(e), floor) > 0);
      const remembered =
        above.length === 0
          ? new Set<string>()
          : new Set(
              (
                await client.query<{ event_id: string }>(
                  `SELECT event_id FROM projection_kafka_applied_events WHERE topic = $1 AND event_id = ANY($2::uuid[])`,
                  [topic, above.map((e) => e.metadata.eventId)],
                )
              ).rows.map((r) => r.event_id),
            );
      const applied = events.filter(
        (e) =>
          handled.has(e.type) &&
          (comparePositions(positionOf(e), floor) <= 0 || remembered.has(e.metadata.eventId.toLowerCase())),
      );
      if (applied.length > 0) await projection.apply(applied, client);
      replayed += applied.length;
      read += events.length;
      deps.onProgress?.(read);
    }
    await client.query('COMMIT');
    return replayed;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export async function loadOffsets(db: Pool | PoolClient, topic: string): Promise<StoredOffset[]> {
  const result = await db.query<{
    partition: number;
    next_offset: string;
    xid_text: string | null;
    latest_position: string | null;
    updated_at: Date;
  }>(
    `SELECT partition, next_offset, latest_transaction_id::text AS xid_text, latest_position, updated_at
       FROM projection_kafka_offsets WHERE topic = $1`,
    [topic],
  );
  return result.rows.map((r) => ({
    partition: r.partition,
    nextOffset: BigInt(r.next_offset),
    latest:
      r.xid_text === null
        ? null
        : { transactionId: BigInt(r.xid_text), position: BigInt(r.latest_position!) },
    updatedAt: r.updated_at,
  }));
}

/**
 * Read-your-writes through Kafka. Partitions progress independently, so a position P is visible
 * when, for every partition, the offset stored with the read models has reached the partition's
 * end as it was after the forwarder had published P: the forwarder's checkpoint moves only after
 * the broker acknowledged every event up to it, so each such event sits below those ends.
 * Ends are fetched once for many waiting queries (any fetch made after the checkpoint passed P
 * serves P).
 */
export class KafkaVisibility {
  private ends: { checkpoint: EventPosition; offsets: PartitionOffsets[] } | undefined;
  private fetching: Promise<void> | undefined;
  private reading: Promise<Map<number, bigint>> | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly bus: EventBus,
    private readonly topic: string,
  ) {}

  async waitFor(position: EventPosition, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    let delay = 2;
    const pause = async () => {
      await new Promise((r) => setTimeout(r, Math.min(delay, Math.max(1, deadline - Date.now()))));
      delay = Math.min(delay * 2, 25);
    };
    // 1. The ends of the partitions as of after the forwarder published `position`.
    let ends: PartitionOffsets[] | undefined;
    for (;;) {
      if (this.ends && comparePositions(this.ends.checkpoint, position) >= 0) {
        ends = this.ends.offsets;
        break;
      }
      this.fetching ??= this.refresh().finally(() => (this.fetching = undefined));
      // A broker away (or a topic just created) is a wait, not a failure: try again until the deadline.
      await this.fetching.catch(() => undefined);
      if (this.ends && comparePositions(this.ends.checkpoint, position) >= 0) continue;
      if (Date.now() >= deadline) return false;
      await pause();
    }
    // 2. Every partition applied up to its end.
    delay = 2;
    for (;;) {
      const stored = await this.storedOffsets();
      const reached = ends.every(
        (end) => end.high === end.low || (stored.get(end.partition) ?? -1n) >= BigInt(end.high),
      );
      if (reached) return true;
      if (Date.now() >= deadline) return false;
      await pause();
    }
  }

  /** The stored offsets; queries waiting at the same moment share one read. */
  private storedOffsets(): Promise<Map<number, bigint>> {
    this.reading ??= loadOffsets(this.pool, this.topic)
      .then((rows) => new Map(rows.map((r) => [r.partition, r.nextOffset])))
      .finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async refresh(): Promise<void> {
    const checkpoint = await forwarderCheckpoint(this.pool, this.topic);
    if (!checkpoint) return;
    if (this.ends && comparePositions(this.ends.checkpoint, checkpoint) >= 0) return;
    const offsets = await this.bus.topicOffsets(this.topic);
    this.ends = { checkpoint, offsets };
  }
}
