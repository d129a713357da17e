import { type KafkaTopicConfig, positiveIntFromEnv, readKafkaTopicConfig } from '@app/server-kit';
import { defaultKafkaConsumerOptions } from '../runtime/kafka-consumer';

/** With KAFKA_BROKERS: the projections consume the events from Kafka instead of the store. */
export type KafkaConsumingConfig = KafkaTopicConfig & {
  groupId: string;
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
  const topic = readKafkaTopicConfig(env);
  if (!topic) return undefined;
  const positive = (name: string, fallback: number) => positiveIntFromEnv(name, fallback, env);
  return {
    ...topic,
    groupId: env.KAFKA_CONSUMER_GROUP || defaultKafkaConsumerOptions.groupId,
    dedupeOffsets: positive('KAFKA_DEDUPE_OFFSETS', defaultKafkaConsumerOptions.dedupeOffsets),
    sessionTimeoutMs: positive('KAFKA_SESSION_TIMEOUT_MS', defaultKafkaConsumerOptions.sessionTimeoutMs),
  };
}
