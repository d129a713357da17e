/**
 * The deployment's one-shot schema migration: the write side's (the server kit's event store and identity
 * tables, then the command-service's own), then the
 * read models' (projection-service), each under node-pg-migrate's advisory lock, so two runs at once
 * are safe. The services then start with MIGRATE_ON_START=false.
 *
 *   node infra/deploy/bin/migrate.cjs          apply what is pending, print it, exit 0 (1 on failure)
 *   node infra/deploy/bin/migrate.cjs --wait   apply nothing: wait until every migration this image
 *                                              ships is applied (a pod's init container), exit 0;
 *                                              exit 1 after MIGRATION_WAIT_SECONDS (default 600)
 *
 *   DATABASE_URL            the PostgreSQL database (required)
 *   MIGRATION_WAIT_SECONDS  how long --wait waits
 */
const fs = require('node:fs');
const { setTimeout } = require('node:timers');
const { Client } = require('pg');
const path = require('node:path');
const { migrate } = require('@app/server-kit');
const { commandServiceMigrations } = require('@app/command-service');
const { readModelMigrations } = require('@app/projection-service');

const sets = [commandServiceMigrations, readModelMigrations];

function log(msg, extra = {}) {
  console.log(JSON.stringify({ level: 'info', msg, ...extra }));
}

/** Migration names a set ships (file names without extension, as node-pg-migrate records them). */
function shipped(set) {
  return set.dirs.flatMap((dir) =>
    fs
      .readdirSync(path.resolve(dir))
      .filter((file) => /\.(sql|js|cjs|ts)$/.test(file))
      .map((file) => file.replace(/\.[^.]+$/, '')),
  );
}

/** Names not yet recorded in the set's table (all of them while the table does not exist). */
async function pending(databaseUrl) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const missing = [];
    for (const set of sets) {
      const exists = await client.query('SELECT to_regclass($1) AS t', [set.table]);
      const applied = exists.rows[0].t
        ? new Set((await client.query(`SELECT name FROM ${set.table}`)).rows.map((r) => r.name))
        : new Set();
      missing.push(...shipped(set).filter((name) => !applied.has(name)));
    }
    return missing;
  } finally {
    await client.end();
  }
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required.');
  if (process.argv.includes('--wait')) {
    const deadline = Date.now() + Number(process.env.MIGRATION_WAIT_SECONDS ?? 600) * 1000;
    for (;;) {
      let missing;
      try {
        missing = await pending(databaseUrl);
      } catch (error) {
        missing = [`(database not answering: ${error.message})`];
      }
      if (missing.length === 0) return log('schema is up to date');
      if (Date.now() > deadline) throw new Error(`migrations still pending: ${missing.join(', ')}`);
      log('waiting for the migration job', { pending: missing });
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
  const applied = [];
  for (const set of sets) applied.push(...(await migrate(databaseUrl, set)));
  log(applied.length ? 'migrations applied' : 'schema is up to date', { applied });
}

main().catch((error) => {
  console.error(
    JSON.stringify({ level: 'fatal', msg: 'migration failed', err: String(error?.message ?? error) }),
  );
  process.exit(1);
});
