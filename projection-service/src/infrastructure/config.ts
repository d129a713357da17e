import { brokersFromEnv } from '@app/command-service';
import { defaultKafkaConsumerOptions } from '../runtime/kafka-consumer';

/** With KAFKA_BROKERS: the projections consume the events from Kafka instead of the store. */
export type KafkaConsumingConfig = {
  brokers: string[];
  topic: string;
  groupId: string;
  partitions: number;
  dedupeOffsets: number;
  sessionTimeoutMs: number;
};

/** Settings of the projection-service, all from the environment. */
export type ProjectionServiceConfig = {
  databaseUrl: string;
  port: number;
  host: string;
  migrateOnStart: boolean;
  /** Run projections in this process (a query-only replica can turn it off). */
  runProjections: boolean;
  kafka: KafkaConsumingConfig | undefined;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): ProjectionServiceConfig {
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required.');
  return {
    databaseUrl,
    port: Number(env.PROJECTION_SERVICE_PORT ?? env.PORT ?? 8082),
    host: env.HOST ?? '127.0.0.1',
    migrateOnStart: env.MIGRATE_ON_START !== 'false',
    runProjections: env.RUN_PROJECTIONS !== 'false',
    kafka: readKafkaConfig(env),
  };
}

function readKafkaConfig(env: NodeJS.ProcessEnv): KafkaConsumingConfig | undefined {
  const brokers = brokersFromEnv(env);
  if (!brokers) return undefined;
  const positive = (name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a whole number from 1.`);
    return value;
  };
  return {
    brokers,
    // The forwarder's default topic (command-service DEFAULT_EVENTS_TOPIC).
    topic: env.KAFKA_TOPIC || 'platform-events',
    groupId: env.KAFKA_CONSUMER_GROUP || defaultKafkaConsumerOptions.groupId,
    partitions: positive('KAFKA_TOPIC_PARTITIONS', defaultKafkaConsumerOptions.partitions),
    dedupeOffsets: positive('KAFKA_DEDUPE_OFFSETS', defaultKafkaConsumerOptions.dedupeOffsets),
    sessionTimeoutMs: positive('KAFKA_SESSION_TIMEOUT_MS', defaultKafkaConsumerOptions.sessionTimeoutMs),
  };
}
