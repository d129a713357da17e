import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Client, Pool, type PoolConfig } from 'pg';
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

/**
 * Migrations applied together and recorded in one table. A set may span folders (a service's own
 * schema on top of the kit's): their files run in the order of their timestamps.
 */
export type MigrationSet = { dirs: readonly string[]; table: string };

/**
 * The schema the kit's adapters stand on: the event store (`es_events`, `es_append`, content blobs,
 * the forwarder's checkpoints) and the identity tables the HTTP edge authenticates against.
 */
export const eventStoreMigrations: MigrationSet = {
  dirs: [path.resolve(__dirname, '../../migrations')],
  table: 'pgmigrations_event_store',
};

/** A set that adds a service's own folder to a base set, recorded in the same table. */
export function extendMigrations(base: MigrationSet, dir: string): MigrationSet {
  return { dirs: [...base.dirs, dir], table: base.table };
}

/**
 * Applies pending migrations of one set, under node-pg-migrate's advisory lock. Within each folder
 * the applied migrations must be a prefix of its files, in order. Folders may interleave: the read
 * side applies the kit's schema alone, the write side the kit's and its own, in either order.
 */
export async function migrate(databaseUrl: string, set: MigrationSet): Promise<string[]> {
  const applied = new Set(await appliedMigrations(databaseUrl, set.table));
  for (const dir of set.dirs) {
    const files = await migrationNames(dir);
    const firstPending = files.findIndex((name) => !applied.has(name));
    const late = firstPending < 0 ? undefined : files.slice(firstPending).find((name) => applied.has(name));
    if (late) {
      throw new Error(
        `Migration ${files[firstPending]} is missing before the applied ${late} (${set.table}).`,
      );
    }
  }
  const ran = await runner({
    databaseUrl,
    dir: set.dirs.map((dir) => path.join(dir, '*.sql')),
    useGlob: true,
    migrationsTable: set.table,
    direction: 'up',
    count: Infinity,
    checkOrder: false,
    log: () => undefined,
  });
  return ran.map((m) => m.name);
}

/** A folder's migrations by name, in the order node-pg-migrate runs them (timestamp, then name). */
async function migrationNames(dir: string): Promise<string[]> {
  return (await readdir(dir))
    .filter((name) => name.endsWith('.sql'))
    .map((name) => name.slice(0, -'.sql'.length))
    .sort((a, b) => Number(a.split('_')[0]) - Number(b.split('_')[0]) || a.localeCompare(b));
}

async function appliedMigrations(databaseUrl: string, table: string): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const exists = await client.query<{ found: string | null }>('SELECT to_regclass($1) AS found', [table]);
    if (!exists.rows[0].found) return [];
    const { rows } = await client.query<{ name: string }>(`SELECT name FROM ${table} ORDER BY run_on, id`);
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}
