import { brokersFromEnv } from './event-bus/bus';

/** A whole number from 1 read from the environment, or the fallback; anything else refuses to start. */
export function positiveIntFromEnv(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a whole number from 1.`);
  return value;
}

/** The topic every event goes to unless KAFKA_TOPIC says otherwise. */
export const DEFAULT_EVENTS_TOPIC = 'platform-events';

/** Partitions of the events topic when it is created. */
export const DEFAULT_TOPIC_PARTITIONS = 12;

/** What both sides of the event bus read alike: the brokers, the topic and its partitions. */
export type KafkaTopicConfig = { brokers: string[]; topic: string; partitions: number };

/** With KAFKA_BROKERS set: the events topic (KAFKA_TOPIC) and its partitions (KAFKA_TOPIC_PARTITIONS). */
export function readKafkaTopicConfig(env: NodeJS.ProcessEnv): KafkaTopicConfig | undefined {
  const brokers = brokersFromEnv(env);
  if (!brokers) return undefined;
  return {
    brokers,
    topic: env.KAFKA_TOPIC || DEFAULT_EVENTS_TOPIC,
    partitions: positiveIntFromEnv('KAFKA_TOPIC_PARTITIONS', DEFAULT_TOPIC_PARTITIONS, env),
  };
}
