import { ANALYTICS_STATEMENT_TIMEOUT_MS, SIGN_IN_ATTEMPTS_PER_MINUTE } from '@app/contracts';
import { type KafkaTopicConfig, positiveIntFromEnv, readKafkaTopicConfig } from '@app/server-kit';
import { defaultForwarderOptions } from '../event-bus';

export type KafkaForwardingConfig = KafkaTopicConfig & { batchSize: number };

/** Settings of the command-service, all from the environment. */
export type CommandServiceConfig = {
  databaseUrl: string;
  port: number;
  host: string;
  migrateOnStart: boolean;
  /** Where browsers reach the platform (the gateway): OAuth callbacks and postMessage targets. */
  publicUrl: string;
  /**
   * PROJECTION_SERVICE_URL: where the read side answers, asked whether the read models show a position
   * (X-Min-Position on an analyst's query); PUBLIC_URL when unset (the gateway routes the call there).
   */
  readSideUrl: string;
  /** NODE_ENV=production: the fake sign-in provider is off. */
  production: boolean;
  /** Other web origins allowed as sign-in redirects (comma-separated WEB_ORIGINS). */
  webOrigins: string[];
  signInAttemptsPerMinute: number;
  /** STAFF_EMAILS (comma-separated, lower case): accounts signing in with these emails get the staff role. */
  staffEmails: string[];
  /** Set with KAFKA_BROKERS: the forwarder publishes the event store to this topic. */
  kafka: KafkaForwardingConfig | undefined;
  /** Signing secret of the Stripe webhook endpoint (STRIPE_WEBHOOK_SECRET); unset: payments are off. */
  stripeWebhookSecret: string | undefined;
  /** Where checkouts are created (stripe-api.ts); undefined: purchases answer BILLING_NOT_CONFIGURED. */
  stripe: StripeApiConfig | undefined;
  /** Where and how analysts' SQL runs (analytics/analytics-database.ts). */
  analytics: AnalyticsDatabaseConfig;
  /** The environment it was read from: OAuth provider settings (OAUTH_*) are read from it. */
  env: NodeJS.ProcessEnv;
};

export type AnalyticsDatabaseConfig = {
  /**
   * ANALYTICS_DATABASE_URL: a connection as the analytics_reader role, whose password the operator set.
   * Unset: the same server and database as DATABASE_URL, as analytics_reader with a password derived
   * from DATABASE_URL's, which the service sets itself when the role refuses it.
   */
  url: string | undefined;
  /** Analysts' queries running at once (ANALYTICS_MAX_CONCURRENT_QUERIES, 2): the rest wait, then 429. */
  maxConcurrent: number;
  /** ANALYTICS_STATEMENT_TIMEOUT_MS: 10 s at most; the role's own setting is 10 s whatever this says. */
  statementTimeoutMs: number;
  /** ANALYTICS_QUEUE_WAIT_MS: how long a query waits for a free slot before ANALYTICS_BUSY (5 s). */
  queueWaitMs: number;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): CommandServiceConfig {
  const publicUrl = new URL(env.PUBLIC_URL ?? 'http://localhost:8080');
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required.');
  return {
    databaseUrl,
    port: Number(env.COMMAND_SERVICE_PORT ?? env.PORT ?? 8081),
    host: env.HOST ?? '127.0.0.1',
    migrateOnStart: env.MIGRATE_ON_START !== 'false',
    publicUrl: publicUrl.origin,
    readSideUrl: new URL(env.PROJECTION_SERVICE_URL || publicUrl.origin).origin,
    production: env.NODE_ENV === 'production',
    webOrigins: (env.WEB_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => new URL(o).origin),
    signInAttemptsPerMinute: Number(env.SIGN_IN_ATTEMPTS_PER_MINUTE ?? SIGN_IN_ATTEMPTS_PER_MINUTE),
    staffEmails: (env.STAFF_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    kafka: readKafkaConfig(env),
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripe: readStripeConfig(env),
    analytics: {
      url: env.ANALYTICS_DATABASE_URL || undefined,
      maxConcurrent: positiveIntFromEnv('ANALYTICS_MAX_CONCURRENT_QUERIES', 2, env),
      statementTimeoutMs: Math.min(
        positiveIntFromEnv('ANALYTICS_STATEMENT_TIMEOUT_MS', ANALYTICS_STATEMENT_TIMEOUT_MS, env),
        ANALYTICS_STATEMENT_TIMEOUT_MS,
      ),
      queueWaitMs: positiveIntFromEnv('ANALYTICS_QUEUE_WAIT_MS', 5_000, env),
    },
    env,
  };
}

/**
 * Stripe's API: STRIPE_SECRET_KEY on Stripe's own host, which production requires; outside production
 * without a key, a local Stripe API server (stripe-mock) at STRIPE_API_BASE with a test key.
 */
export type StripeApiConfig = {
  secretKey: string;
  /** Absent: Stripe's real host (api.stripe.com). */
  apiBase: URL | undefined;
};

/** stripe-mock accepts any key that looks like a test-mode secret key. */
const STRIPE_MOCK_KEY = 'sk_test_stripemock';

function readStripeConfig(env: NodeJS.ProcessEnv): StripeApiConfig | undefined {
  const secretKey = env.STRIPE_SECRET_KEY || undefined;
  if (env.NODE_ENV === 'production') {
    if (!secretKey) throw new Error('STRIPE_SECRET_KEY is required in production (payments go to Stripe).');
    return { secretKey, apiBase: undefined };
  }
  const apiBase = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined;
  if (secretKey) return { secretKey, apiBase };
  return apiBase ? { secretKey: STRIPE_MOCK_KEY, apiBase } : undefined;
}

function readKafkaConfig(env: NodeJS.ProcessEnv): KafkaForwardingConfig | undefined {
  const topic = readKafkaTopicConfig(env);
  if (!topic) return undefined;
  return {
    ...topic,
    batchSize: positiveIntFromEnv('FORWARDER_BATCH_SIZE', defaultForwarderOptions.batchSize, env),
  };
}
