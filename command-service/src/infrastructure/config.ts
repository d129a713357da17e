import { SIGN_IN_ATTEMPTS_PER_MINUTE } from '@app/contracts';
import { brokersFromEnv, defaultForwarderOptions } from '../event-bus';

export type KafkaForwardingConfig = {
  brokers: string[];
  topic: string;
  partitions: number;
  batchSize: number;
};

/** The topic every event goes to unless KAFKA_TOPIC says otherwise. */
export const DEFAULT_EVENTS_TOPIC = 'platform-events';

/** Settings of the command-service, all from the environment. */
export type CommandServiceConfig = {
  databaseUrl: string;
  port: number;
  host: string;
  migrateOnStart: boolean;
  /** Where browsers reach the platform (the gateway): OAuth callbacks and postMessage targets. */
  publicUrl: string;
  /** NODE_ENV=production: the fake sign-in provider is off. */
  production: boolean;
  /** Other web origins allowed as sign-in redirects (comma-separated WEB_ORIGINS). */
  webOrigins: string[];
  signInAttemptsPerMinute: number;
  /** Set with KAFKA_BROKERS: the forwarder publishes the event store to this topic. */
  kafka: KafkaForwardingConfig | undefined;
  /** Signing secret of the Stripe webhook endpoint (STRIPE_WEBHOOK_SECRET); unset: payments are off. */
  stripeWebhookSecret: string | undefined;
  /** The environment it was read from: OAuth provider settings (OAUTH_*) are read from it. */
  env: NodeJS.ProcessEnv;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): CommandServiceConfig {
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required.');
  const publicUrl = new URL(env.PUBLIC_URL ?? 'http://localhost:8080');
  return {
    databaseUrl,
    port: Number(env.COMMAND_SERVICE_PORT ?? env.PORT ?? 8081),
    host: env.HOST ?? '127.0.0.1',
    migrateOnStart: env.MIGRATE_ON_START !== 'false',
    publicUrl: publicUrl.origin,
    production: env.NODE_ENV === 'production',
    webOrigins: (env.WEB_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => new URL(o).origin),
    signInAttemptsPerMinute: Number(env.SIGN_IN_ATTEMPTS_PER_MINUTE ?? SIGN_IN_ATTEMPTS_PER_MINUTE),
    kafka: readKafkaConfig(env),
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    env,
  };
}

function readKafkaConfig(env: NodeJS.ProcessEnv): KafkaForwardingConfig | undefined {
  const brokers = brokersFromEnv(env);
  if (!brokers) return undefined;
  const positive = (name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a whole number from 1.`);
    return value;
  };
  return {
    brokers,
    topic: env.KAFKA_TOPIC || DEFAULT_EVENTS_TOPIC,
    partitions: positive('KAFKA_TOPIC_PARTITIONS', defaultForwarderOptions.partitions),
    batchSize: positive('FORWARDER_BATCH_SIZE', defaultForwarderOptions.batchSize),
  };
}
