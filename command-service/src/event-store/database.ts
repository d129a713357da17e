import path from 'node:path';
import { Pool, type PoolConfig } from 'pg';
import { runner } from 'node-pg-migrate';

/** Settings every connection of the platform gets. */
export function poolConfig(connectionString: string, overrides: PoolConfig = {}): PoolConfig {
  return {
    connectionString,
    max: 10,
    // A transaction left open would hold back the global read (snapshot xmin) for everyone.
    idle_in_transaction_session_timeout: 30_000,
    application_name: process.env.SERVICE_NAME ?? 'interview-prep',
    ...overrides,
  };
}

export function createPool(connectionString: string, overrides: PoolConfig = {}): Pool {
  const pool = new Pool(poolConfig(connectionString, overrides));
  // An idle client's error (database restarted) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}

export type MigrationSet = { dir: string; table: string };

/** The event store's schema; the read side keeps its own set (see projection-service). */
export const eventStoreMigrations: MigrationSet = {
  dir: path.resolve(__dirname, '../../migrations'),
  table: 'pgmigrations_event_store',
};

/** Applies pending migrations of one set, under node-pg-migrate's advisory lock. */
export async function migrate(databaseUrl: string, set: MigrationSet): Promise<string[]> {
  const applied = await runner({
    databaseUrl,
    dir: set.dir,
    migrationsTable: set.table,
    direction: 'up',
    count: Infinity,
    checkOrder: true,
    log: () => undefined,
  });
  return applied.map((m) => m.name);
}
