import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Pool } from 'pg';
import { createPool, migrate } from '@app/server-kit';
import { commandServiceMigrations } from '@app/command-service';
import { comparePositions, formatPosition, parsePosition } from '@app/contracts';
import { projections, readModelMigrations } from '@app/projection-service';
// Modules the packages do not export: relative paths, which both jest and tsc's project
// references resolve (jest to the sources, tsc to the referenced projects' declarations).
import { startCommandService } from '../../../command-service/src/main';
import { startProjectionService } from '../../../projection-service/src/main';
import { createGateway } from '../../../infra/src/gateway';
import { freePort } from '../../../infra/src/free-port';
import { type TestDatabase, createTestDatabase } from '@app/server-kit';

/** A staff token of the length the guard demands; set before the services start. */
export const STAFF_TOKEN = 'test-staff-token-0123456789abcdefghijklmnopqrstuvwxyz';

export type Platform = {
  /** The gateway's origin: every test call goes through it, as a browser's would. */
  url: string;
  commandServiceUrl: string;
  projectionServiceUrl: string;
  /** A pool on the platform's own database, to look at es_events behind the API's back. */
  pool: Pool;
  countEvents(): Promise<number>;
  close(): Promise<void>;
};

/**
 * Both services in-process on one fresh database, behind the real gateway, on free ports.
 * Call from beforeAll; close from afterAll.
 */
export async function startPlatform(options: { env?: Record<string, string> } = {}): Promise<Platform> {
  process.env.STAFF_TOKEN = STAFF_TOKEN;
  // Quiet by default (expected 501s are logged as errors); LOG_LEVEL=info shows the services' logs.
  process.env.LOG_LEVEL ??= 'fatal';
  const db: TestDatabase = await createTestDatabase(async (url) => {
    await migrate(url, commandServiceMigrations);
    await migrate(url, readModelMigrations);
  });
  const [commandPort, projectionPort, gatewayPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const common = {
    DATABASE_URL: db.url,
    STAFF_TOKEN,
    MIGRATE_ON_START: 'false',
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
    // Suites sign many people in from one address; the rate-limit test sets its own.
    SIGN_IN_ATTEMPTS_PER_MINUTE: '10000',
    // The content folder is published by the suites about it (catalogue.test.ts), not at every start.
    PUBLISH_CONTENT: 'false',
    // The languages' warm-up after a start has its own tests (execution-engine.test.ts); suites would
    // otherwise share the cores with it and see runs answered as warming up.
    RUN_WARM_UP: 'false',
    // Stripe's API: the stripe-mock the jest setup started (tests/jest/global-setup.js).
    STRIPE_API_BASE: process.env.STRIPE_API_BASE ?? '',
    ...options.env,
  };
  const apps: Awaited<ReturnType<typeof startCommandService>>[] = [];
  let gateway: http.Server | undefined;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'services-test-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>test</title>');
  // createPool listens for idle clients' errors: pool.end() resolves before its sockets close, and the
  // database's DROP ... WITH (FORCE) just after may terminate one of them (an unhandled 'error' event).
  const pool = createPool(db.url, { max: 4 });

  const close = async () => {
    if (gateway) {
      const server = gateway;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    for (const app of apps.reverse()) await app.close();
    await pool.end();
    await db.drop();
    fs.rmSync(webDist, { recursive: true, force: true });
  };

  try {
    apps.push(
      await startCommandService({
        ...common,
        COMMAND_SERVICE_PORT: String(commandPort),
        PROJECTION_SERVICE_URL: `http://127.0.0.1:${projectionPort}`,
      }),
    );
    apps.push(
      await startProjectionService({
        ...common,
        PROJECTION_SERVICE_PORT: String(projectionPort),
        RUN_PROJECTIONS: 'true',
      }),
    );
    const commandServiceUrl = `http://127.0.0.1:${commandPort}`;
    const projectionServiceUrl = `http://127.0.0.1:${projectionPort}`;
    const server = createGateway({
      port: gatewayPort,
      host: '127.0.0.1',
      services: { 'command-service': commandServiceUrl, 'projection-service': projectionServiceUrl },
      webDist,
    });
    gateway = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(gatewayPort, '127.0.0.1', () => resolve());
    });
    // What the services appended while starting (content published with PUBLISH_CONTENT) is in the read
    // models before a suite's first query.
    await waitForReadModels(pool);
    return {
      url: `http://127.0.0.1:${gatewayPort}`,
      commandServiceUrl,
      projectionServiceUrl,
      pool,
      countEvents: async () => Number((await pool.query('SELECT count(*) FROM es_events')).rows[0].count),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Waits until every projection runs and has processed the event store's head. */
async function waitForReadModels(pool: Pool, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query<{ caught_up: string }>(
      `SELECT count(*) AS caught_up FROM projection_checkpoints c
        WHERE c.state = 'running'
          AND NOT EXISTS (SELECT 1 FROM es_events e
                           WHERE (e.transaction_id, e.position) > (c.transaction_id, c.position))
          AND name = ANY($1)`,
      [projections.map((projection) => projection.name)],
    );
    if (Number(rows[0].caught_up) === projections.length) return;
    if (Date.now() >= deadline) throw new Error('The read models did not catch up with the event store.');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export type Answer<T = unknown> = { status: number; headers: Headers; body: T };

export type CallOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A value sent as JSON, or a string sent as is (set the content type yourself). */
  json?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  /** Adds `Authorization: Bearer <token>`. */
  token?: string;
};

/** One HTTP call; the body is parsed as JSON when it is JSON. */
export async function call<T = unknown>(
  base: string,
  pathAndQuery: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  } else if (options.raw !== undefined) {
    body = options.raw;
  }
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  const response = await fetch(`${base}${pathAndQuery}`, { method, headers, body });
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  return {
    status: response.status,
    headers: response.headers,
    body: (isJson && text ? JSON.parse(text) : text) as T,
  };
}

/** The latest of some consistency tokens, in the global read order. */
export function latestPosition(tokens: readonly string[]): string {
  const parsed = tokens.map((token) => {
    const position = parsePosition(token);
    if (!position) throw new Error(`not a position token: ${token}`);
    return position;
  });
  return formatPosition(parsed.reduce((a, b) => (comparePositions(a, b) >= 0 ? a : b)));
}

/** Today's UTC day as the read models key it. */
export const utcToday = () => new Date().toISOString().slice(0, 10);

/**
 * Rebuilds a projection through the staff API and waits until it is idle again with its checkpoint
 * moved since the request (the status is cached for half a second, so an 'idle' read just after the
 * request may still be the state from before it).
 */
export async function rebuildProjection(platform: Platform, name: string, timeoutMs = 30_000): Promise<void> {
  const requested = Date.now();
  const answer = await call(platform.url, `/api/staff/v1/projections/${name}/rebuild`, {
    json: {},
    token: STAFF_TOKEN,
  });
  if (answer.status !== 200) throw new Error(`rebuilding ${name} answered ${answer.status}`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await call<{ projections: { name: string; state: string; updatedAt: string }[] }>(
      platform.url,
      '/api/system/v1/status',
    );
    const projection = status.body.projections.find((p) => p.name === name);
    if (projection?.state === 'idle' && Date.parse(projection.updatedAt) >= requested) return;
    if (Date.now() > deadline) throw new Error(`the rebuild of ${name} did not finish: ${projection?.state}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every row of the given tables as JSON text, sorted: equal when two builds hold the same rows. */
export async function tableRows(
  platform: Platform,
  tables: readonly string[],
): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of tables)
    result[table] = (
      await platform.pool.query<{ row: string }>(
        `SELECT row_to_json(t)::text AS row FROM "${table}" t ORDER BY 1`,
      )
    ).rows.map((r) => r.row);
  return result;
}
