/**
 * The event bus as the services see it: a few operations, no client library's types. The one
 * implementation (kafkajs-bus.ts) is the only module that imports kafkajs, which is in maintenance
 * mode; another client replaces it there without touching the forwarder or the projections.
 */

/** One message: key (the partitioner's input), value, string headers. */
export type BusRecord = { key: string; value: Buffer; headers: Record<string, string> };

export type ConsumedRecord = BusRecord & { partition: number; offset: string };

/** Records of one partition, in offset order. */
export type BusBatch = { topic: string; partition: number; records: ConsumedRecord[] };

export type BusProducer = {
  /** Sends records in order (per key), resolving when every one is acknowledged by all in-sync replicas. */
  send(topic: string, records: readonly BusRecord[]): Promise<void>;
  close(): Promise<void>;
};

export type BusConsumerOptions = {
  topic: string;
  groupId: string;
  /** Where a partition without a committed offset starts: its first record, or new records only. */
  fromBeginning?: boolean;
  /** Called with each partition's records in order; a throw redelivers the batch. No auto-commit. */
  handleBatch(batch: BusBatch): Promise<void>;
  /**
   * Called when the group gives this consumer partitions (at start and after each rebalance):
   * answers where to read each one from (the next offset to read, as stored by the application);
   * a partition left out starts from the broker's committed offset or `fromBeginning`.
   */
  onAssign?(topic: string, partitions: readonly number[]): Promise<ReadonlyMap<number, string>>;
  /** How long the group waits for a silent member before giving its partitions to the others. */
  sessionTimeoutMs?: number;
  /** Partition batches handled at once (1: one after the other). */
  partitionsConcurrently?: number;
};

export type BusConsumer = {
  /** Partitions this consumer holds now. */
  assigned(): number[];
  close(): Promise<void>;
};

/** One partition's offsets: the first still on the broker and the next to be written (its end). */
export type PartitionOffsets = { partition: number; low: string; high: string };

export type EventBus = {
  /** Creates the topic when it does not exist yet. */
  ensureTopic(topic: string, options: { partitions: number; replicationFactor?: number }): Promise<void>;
  /** An idempotent producer (no duplicates or reordering on retries within its session). */
  producer(): Promise<BusProducer>;
  consumer(options: BusConsumerOptions): Promise<BusConsumer>;
  /** Every partition's offsets now (the high offset is the end a consumer is behind by). */
  topicOffsets(topic: string): Promise<PartitionOffsets[]>;
  /** Succeeds when a broker answers a metadata request. */
  ping(): Promise<void>;
  /** Closes what this bus opened (producers, consumers, admin). */
  close(): Promise<void>;
};

export type BusLogger = {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
};

export type EventBusOptions = {
  brokers: string[];
  clientId: string;
  logger?: BusLogger;
  connectionTimeoutMs?: number;
};

/** KAFKA_BROKERS (comma-separated host:port list), or undefined when Kafka is not configured. */
export function brokersFromEnv(env: NodeJS.ProcessEnv): string[] | undefined {
  const brokers = (env.KAFKA_BROKERS ?? '')
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  return brokers.length > 0 ? brokers : undefined;
}
