import {
  type Admin,
  type Consumer,
  Kafka,
  type Producer,
  Partitioners,
  logLevel as KafkaLogLevel,
  type LogEntry,
} from 'kafkajs';
import type {
  BusConsumer,
  BusConsumerOptions,
  BusLogger,
  BusProducer,
  EventBus,
  EventBusOptions,
} from './bus';

/** The event bus on kafkajs. */
export function createKafkaBus(options: EventBusOptions): EventBus {
  const kafka = new Kafka({
    brokers: options.brokers,
    clientId: options.clientId,
    connectionTimeout: options.connectionTimeoutMs ?? 3000,
    requestTimeout: 30_000,
    logLevel: options.logger ? KafkaLogLevel.WARN : KafkaLogLevel.NOTHING,
    logCreator: () => (entry) => log(options.logger, entry),
  });
  const producers = new Set<Producer>();
  const consumers = new Set<Consumer>();
  let admin: Admin | undefined;

  const connectedAdmin = async (): Promise<Admin> => {
    if (admin) return admin;
    const created = kafka.admin();
    await created.connect();
    admin = created;
    return created;
  };

  return {
    async ensureTopic(topic, { partitions, replicationFactor = -1 }) {
      const client = await connectedAdmin();
      if ((await client.listTopics()).includes(topic)) return;
      // false when another process created it meanwhile, which is as good.
      await client.createTopics({
        waitForLeaders: true,
        topics: [{ topic, numPartitions: partitions, replicationFactor }],
      });
    },

    async producer(): Promise<BusProducer> {
      const producer = kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
        // The Java client's murmur2 partitioner: the same key lands on the same partition from any client.
        createPartitioner: Partitioners.DefaultPartitioner,
      });
      await producer.connect();
      producers.add(producer);
      return {
        async send(topic, records) {
          if (records.length === 0) return;
          await producer.send({
            topic,
            acks: -1,
            messages: records.map((r) => ({ key: r.key, value: r.value, headers: r.headers })),
          });
        },
        async close() {
          producers.delete(producer);
          await producer.disconnect();
        },
      };
    },

    async consumer(consumerOptions: BusConsumerOptions): Promise<BusConsumer> {
      return startConsumer(kafka, consumers, consumerOptions);
    },

    async topicOffsets(topic) {
      const client = await connectedAdmin();
      const offsets = await client.fetchTopicOffsets(topic);
      return offsets
        .map((o) => ({ partition: o.partition, low: o.low, high: o.high }))
        .sort((a, b) => a.partition - b.partition);
    },

    async ping() {
      const client = await connectedAdmin();
      await client.describeCluster();
    },

    async close() {
      const closing = [
        ...[...producers].map((p) => p.disconnect()),
        ...[...consumers].map((c) => c.disconnect()),
        admin?.disconnect(),
      ];
      producers.clear();
      consumers.clear();
      admin = undefined;
      await Promise.allSettled(closing);
    },
  };
}

async function startConsumer(
  kafka: Kafka,
  consumers: Set<Consumer>,
  options: BusConsumerOptions,
): Promise<BusConsumer> {
  const sessionTimeout = options.sessionTimeoutMs ?? 30_000;
  const consumer = kafka.consumer({
    groupId: options.groupId,
    allowAutoTopicCreation: false,
    sessionTimeout,
    heartbeatInterval: Math.max(500, Math.floor(sessionTimeout / 10)),
    rebalanceTimeout: Math.max(sessionTimeout * 2, 10_000),
  });
  let assigned: number[] = [];
  // Seek where the application says as soon as the group hands partitions over: they are paused
  // (synchronously, in the join event, before the first fetch) until the seeks are set. Should the
  // hook fail they resume where the group stands; the handler skips what it has stored already.
  // A join that a later one overtook leaves the seeks and the resume to the later one.
  let generation = 0;
  consumer.on(consumer.events.GROUP_JOIN, (event) => {
    const joined = ++generation;
    assigned = [...(event.payload.memberAssignment[options.topic] ?? [])].sort((a, b) => a - b);
    if (!options.onAssign || assigned.length === 0) return;
    const partitions = assigned;
    const held = [{ topic: options.topic, partitions }];
    consumer.pause(held);
    options
      .onAssign(options.topic, partitions)
      .then((offsets) => {
        if (joined !== generation) return;
        for (const [partition, offset] of offsets)
          if (partitions.includes(partition)) consumer.seek({ topic: options.topic, partition, offset });
      })
      .catch((error: unknown) => consumer.logger().error('seeking to stored offsets failed', { error }))
      .finally(() => {
        if (joined !== generation) return;
        try {
          consumer.resume(held);
        } catch (error) {
          consumer.logger().error('resuming partitions after the seek failed', { error });
        }
      });
  });
  await consumer.connect();
  consumers.add(consumer);
  await consumer.subscribe({ topic: options.topic, fromBeginning: options.fromBeginning ?? false });
  await consumer.run({
    autoCommit: false,
    eachBatchAutoResolve: false,
    partitionsConsumedConcurrently: options.partitionsConcurrently ?? 1,
    eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
      if (!isRunning() || isStale() || batch.messages.length === 0) return;
      await options.handleBatch({
        topic: batch.topic,
        partition: batch.partition,
        records: batch.messages.map((m) => ({
          key: m.key?.toString() ?? '',
          value: m.value ?? Buffer.alloc(0),
          headers: Object.fromEntries(
            Object.entries(m.headers ?? {}).map(([name, value]) => [name, value?.toString() ?? '']),
          ),
          partition: batch.partition,
          offset: m.offset,
        })),
      });
      resolveOffset(batch.lastOffset());
      await heartbeat();
    },
  });
  return {
    assigned: () => [...assigned],
    async close() {
      consumers.delete(consumer);
      await consumer.disconnect();
    },
  };
}

function log(logger: BusLogger | undefined, entry: LogEntry): void {
  if (!logger) return;
  const { message, ...rest } = entry.log;
  const fields = { kafka: entry.namespace, ...rest };
  if (entry.level === KafkaLogLevel.ERROR) logger.error(fields, message);
  else if (entry.level === KafkaLogLevel.WARN) logger.warn(fields, message);
  else logger.info(fields, message);
}
