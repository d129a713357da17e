import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import type http from 'node:http';
import { migrate } from '@app/server-kit';
import { commandServiceMigrations } from '@app/command-service';
import { readModelMigrations } from '@app/projection-service';
import { freePort } from './free-port';
import { createGateway } from './gateway';
import { type RunningPostgres, startEmbeddedPostgres } from './postgres';
import { ServiceProcess } from './service-process';
import { type RunningStripeMock, installStripeMock, startStripeMock } from './stripe-mock';

export const repoRoot = path.resolve(__dirname, '../..');

export type PlatformOptions = {
  port: number;
  host?: string;
  /** Embedded PostgreSQL's data and the services' logs live here. */
  dataDir: string;
  /** An external PostgreSQL; when absent the embedded one starts. */
  databaseUrl?: string;
  staffToken: string;
  log?: (line: string) => void;
  /**
   * Processes of each service behind the gateway (default COMMAND_SERVICE_INSTANCES and
   * PROJECTION_SERVICE_INSTANCES, else 1). The gateway spreads calls over them in turn; the workers in
   * them (projection runners, the outbox, schedulers) elect one leader each through advisory locks.
   */
  instances?: { command?: number; projection?: number };
};

/**
 * Stripe for the command-service: with STRIPE_SECRET_KEY (always in production) Stripe itself; with
 * STRIPE_API_BASE a Stripe API server already running; otherwise stripe-mock, installed once and started here, with a webhook secret for this run when
 * STRIPE_WEBHOOK_SECRET is unset (the test payment page signs with it).
 */
async function stripeSettings(
  log: (line: string) => void,
): Promise<{ env: Record<string, string>; mock?: RunningStripeMock }> {
  const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET || `whsec_${randomBytes(24).toString('hex')}`;
  if (process.env.STRIPE_SECRET_KEY || process.env.STRIPE_API_BASE || process.env.NODE_ENV === 'production') {
    return { env: { STRIPE_WEBHOOK_SECRET: webhookSecret } };
  }
  installStripeMock({ log });
  const mock = await startStripeMock({ log });
  return { env: { STRIPE_API_BASE: mock.url, STRIPE_WEBHOOK_SECRET: webhookSecret }, mock };
}

export type RunningPlatform = {
  url: string;
  databaseUrl: string;
  /** The first process of each service. */
  services: { command: ServiceProcess; projection: ServiceProcess };
  /** Every process of each service, the first one first. */
  instances: { command: ServiceProcess[]; projection: ServiceProcess[] };
  stop(): Promise<void>;
};

/** How many processes of a service to run: the option, else the environment variable, else 1. */
export function instanceCount(option: number | undefined, variable: string): number {
  const raw = option ?? (process.env[variable] ? Number(process.env[variable]) : 1);
  if (!Number.isInteger(raw) || raw < 1 || raw > 16) {
    throw new Error(
      `${variable} must be a whole number from 1 to 16, not ${process.env[variable] ?? option}.`,
    );
  }
  return raw;
}

const DATABASE_NAME = 'platform';

/** Starts everything the platform needs, in order, and answers how to stop it all. */
export async function startPlatform(options: PlatformOptions): Promise<RunningPlatform> {
  const log = options.log ?? (() => undefined);
  const dataDir = path.resolve(options.dataDir);
  const logDir = path.join(dataDir, 'logs');
  fs.mkdirSync(logDir, { recursive: true });
  let postgres: RunningPostgres | undefined;
  let gateway: http.Server | undefined;
  let stripeMock: RunningStripeMock | undefined;
  const services: ServiceProcess[] = [];
  const stop = async () => {
    await new Promise<void>((resolve) => {
      if (!gateway) return resolve();
      gateway.close(() => resolve());
      // close() waits for open connections; keep-alive ones would hold it up.
      gateway.closeAllConnections();
    });
    await Promise.all(services.map((s) => s.stop()));
    await stripeMock?.stop();
    await postgres?.stop();
  };
  // stripe-mock starts while PostgreSQL does (it takes a moment to load Stripe's API description).
  const stripeStarting = stripeSettings(log);
  stripeStarting.catch(() => undefined);
  try {
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      log(`Starting embedded PostgreSQL (data in ${path.join(dataDir, 'pg')})`);
      postgres = await startEmbeddedPostgres({ dataDir, log: appendTo(path.join(logDir, 'postgres.log')) });
      await createDatabaseIfMissing(postgres.adminUrl, DATABASE_NAME);
      databaseUrl = postgres.urlFor(DATABASE_NAME);
    }
    const applied = [
      ...(await migrate(databaseUrl, commandServiceMigrations)),
      ...(await migrate(databaseUrl, readModelMigrations)),
    ];
    log(applied.length ? `Migrations applied: ${applied.join(', ')}` : 'Database schema is up to date');

    const stripe = await stripeStarting;
    stripeMock = stripe.mock;
    const commandCount = instanceCount(options.instances?.command, 'COMMAND_SERVICE_INSTANCES');
    const projectionCount = instanceCount(options.instances?.projection, 'PROJECTION_SERVICE_INSTANCES');
    const commandPorts: number[] = [];
    for (let i = 0; i < commandCount; i++) commandPorts.push(await freePort());
    const projectionPorts: number[] = [];
    for (let i = 0; i < projectionCount; i++) projectionPorts.push(await freePort());
    const env = {
      ...process.env,
      ...stripe.env,
      DATABASE_URL: databaseUrl,
      STAFF_TOKEN: options.staffToken,
      MIGRATE_ON_START: 'false',
      HOST: '127.0.0.1',
      // Where browsers reach the platform: OAuth callbacks and the sign-in page's postMessage target.
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${options.port}`,
    };
    // The second and later processes of a service log to a file of their own (command-service-2.log).
    const logOf = (name: string, index: number) =>
      path.join(logDir, index === 0 ? `${name}.log` : `${name}-${index + 1}.log`);
    const commands = commandPorts.map(
      (port, index) =>
        new ServiceProcess({
          name: index === 0 ? 'command-service' : `command-service-${index + 1}`,
          script: path.join(repoRoot, 'command-service/dist/main.js'),
          env: {
            ...env,
            COMMAND_SERVICE_PORT: String(port),
            SERVICE_NAME: 'command-service',
            // Any process of the read side answers whether a position is visible (the checkpoints are shared).
            PROJECTION_SERVICE_URL: `http://127.0.0.1:${projectionPorts[index % projectionCount]}`,
          },
          readyUrl: `http://127.0.0.1:${port}/health/ready`,
          logFile: logOf('command-service', index),
          restart: true,
        }),
    );
    const projections = projectionPorts.map(
      (port, index) =>
        new ServiceProcess({
          name: index === 0 ? 'projection-service' : `projection-service-${index + 1}`,
          script: path.join(repoRoot, 'projection-service/dist/main.js'),
          env: { ...env, PROJECTION_SERVICE_PORT: String(port), SERVICE_NAME: 'projection-service' },
          readyUrl: `http://127.0.0.1:${port}/health/ready`,
          logFile: logOf('projection-service', index),
          restart: true,
        }),
    );
    services.push(...commands, ...projections);
    await Promise.all(services.map((s) => s.start()));

    gateway = createGateway({
      port: options.port,
      services: {
        'command-service': commandPorts.map((port) => `http://127.0.0.1:${port}`),
        'projection-service': projectionPorts.map((port) => `http://127.0.0.1:${port}`),
      },
      webDist: path.join(repoRoot, 'web/dist'),
    });
    await new Promise<void>((resolve, reject) => {
      gateway!.once('error', reject);
      gateway!.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
    });
    return {
      url: `http://localhost:${options.port}`,
      databaseUrl,
      services: { command: commands[0], projection: projections[0] },
      instances: { command: commands, projection: projections },
      stop,
    };
  } catch (error) {
    stripeMock ??= (await stripeStarting.catch(() => undefined))?.mock;
    await stop().catch(() => undefined);
    throw error;
  }
}

export function newStaffToken(): string {
  return randomBytes(32).toString('base64url');
}

async function createDatabaseIfMissing(adminUrl: string, name: string): Promise<void> {
  const client = new Client(adminUrl);
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

function appendTo(file: string): (line: string) => void {
  const stream = fs.createWriteStream(file, { flags: 'a' });
  return (line) => stream.write(`${line}\n`);
}
