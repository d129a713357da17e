import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '@app/server-kit';
import { freePort } from '@app/infra/free-port';
import { ServiceProcess } from '@app/infra/service-process';
import { PgEventStore, createPool, eventStoreMigrations, migrate, type NewEvent } from '@app/server-kit';
import { ProjectionAdmin, projections, readModelMigrations } from '@app/projection-service';

/*
 * Fault: the projection-service process is killed (SIGKILL) in the middle of a batch, then
 * restarted. The read models must equal what the events say, and a from-scratch rebuild.
 */
const repoRoot = path.resolve(__dirname, '../../..');
const script = path.join(repoRoot, 'projection-service/dist/main.js');

let db: TestDatabase;
let pool: Pool;
let store: PgEventStore;
let admin: ProjectionAdmin;
let service: ServiceProcess;
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'projection-kill-'));

beforeAll(async () => {
  if (!fs.existsSync(script)) throw new Error(`${script} is missing: run \`npm run build\` first.`);
  db = await createTestDatabase(async (url) => {
    await migrate(url, eventStoreMigrations);
    await migrate(url, readModelMigrations);
  });
  pool = createPool(db.url, { max: 10 });
  store = new PgEventStore(pool);
  admin = new ProjectionAdmin(pool, store, projections);
  const port = await freePort();
  service = new ServiceProcess({
    name: 'projection-service',
    script,
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      PROJECTION_SERVICE_PORT: String(port),
      MIGRATE_ON_START: 'false',
      SERVICE_NAME: 'projection-under-test',
      LOG_LEVEL: 'warn',
    },
    readyUrl: `http://127.0.0.1:${port}/health/ready`,
    logFile: path.join(logDir, 'projection-service.log'),
  });
});

afterAll(async () => {
  await service?.stop();
  await pool?.end();
  await db?.drop();
});

async function appendMany(batches: number, perBatch: number): Promise<void> {
  for (let b = 0; b < batches; b++) {
    const events: NewEvent[] = Array.from({ length: perBatch }, (_, i) =>
      i % 3 === 0
        ? { type: 'AffiliateLinkClicked', data: { affiliateCode: `code-${i % 7}`, landingPath: null } }
        : { type: 'TelemetryEventRecorded', data: { eventType: `type-${i % 5}` } },
    );
    await store.append(`fault-${randomUUID()}`, events);
  }
}

async function readModels() {
  const telemetry = await pool.query(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, event_type, count::int FROM rm_telemetry_daily ORDER BY 1, 2`,
  );
  const clicks = await pool.query(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, affiliate_code, count::int FROM rm_affiliate_clicks_daily ORDER BY 1, 2`,
  );
  return { telemetry: telemetry.rows, clicks: clicks.rows };
}

async function fromEvents() {
  const telemetry = await pool.query(
    `SELECT substr(metadata ->> 'occurredAt', 1, 10) AS day, data ->> 'eventType' AS event_type, count(*)::int AS count
       FROM es_events WHERE type = 'TelemetryEventRecorded' GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  const clicks = await pool.query(
    `SELECT substr(metadata ->> 'occurredAt', 1, 10) AS day, data ->> 'affiliateCode' AS affiliate_code, count(*)::int AS count
       FROM es_events WHERE type = 'AffiliateLinkClicked' GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  return { telemetry: telemetry.rows, clicks: clicks.rows };
}

async function waitCaughtUp(): Promise<void> {
  const head = (await store.head()).position!;
  const reached = await admin.waitFor(
    projections.map((p) => p.name),
    head,
    30_000,
  );
  expect(reached).toBe(true);
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

it('loses and double-counts nothing when killed in the middle of a batch', async () => {
  await appendMany(100, 100);

  // Hold the telemetry read model so the service's batch blocks between moving its checkpoint and
  // writing its rows: the kill then lands inside an open batch transaction.
  const blocker = await pool.connect();
  try {
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE rm_telemetry_daily IN EXCLUSIVE MODE');
    await service.start();
    await waitFor(
      async () => {
        const waiting = await pool.query(
          `SELECT 1 FROM pg_stat_activity WHERE application_name = 'projection-under-test' AND wait_event_type = 'Lock'`,
        );
        return (waiting.rowCount ?? 0) > 0;
      },
      20_000,
      'a batch blocked mid-transaction',
    );
    await service.kill('SIGKILL');
  } finally {
    await blocker.query('ROLLBACK');
    blocker.release();
  }
  const afterKill = (await admin.status()).projections.find((p) => p.name === 'telemetry-daily')!;
  expect(afterKill.checkpoint).toBe('0.0');

  // More events while it is down, then a restart, then more kills at random moments of catch-up.
  await appendMany(50, 100);
  for (let round = 0; round < 3; round++) {
    await service.start();
    await new Promise((r) => setTimeout(r, 50 + Math.floor(Math.random() * 150)));
    await service.kill('SIGKILL');
    await appendMany(20, 100);
  }
  await service.start();
  await waitCaughtUp();

  const expected = await fromEvents();
  expect(expected.telemetry.length).toBeGreaterThan(0);
  expect(await readModels()).toEqual(expected);

  // A from-scratch rebuild (done by the running service) ends equal too.
  for (const projection of projections) await admin.rebuild(projection);
  await waitFor(
    async () => (await admin.status()).projections.every((p) => p.state === 'idle'),
    // Every read model (21 of them) rebuilt from scratch: a limit on waiting, not a speed figure.
    120_000,
    'the rebuild to finish',
  );
  expect(await readModels()).toEqual(expected);
  // Several service starts, kills and two waits of up to 30 s: more than jest's default 60 s on a
  // loaded machine (a limit on waiting, not a speed assertion).
}, 300_000);
