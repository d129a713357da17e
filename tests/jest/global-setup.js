// Starts one real PostgreSQL for the whole jest run (or uses DATABASE_URL's server); each test file
// then makes its own database on it (infra/src/testing/database.ts).
const fs = require('node:fs');
const path = require('node:path');

module.exports = async function globalSetup() {
  if (process.env.DATABASE_URL) {
    process.env.TEST_PG_ADMIN_URL = process.env.DATABASE_URL;
    return;
  }
  const { startEmbeddedPostgres } = require('../../infra/dist/postgres.js');
  const dataDir = path.resolve(__dirname, '../../.data', `jest-${process.pid}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const pg = await startEmbeddedPostgres({
    dataDir,
    settings: { fsync: 'off', synchronous_commit: 'off', max_connections: '400' },
  });
  globalThis.__TEST_PG__ = { pg, dataDir };
  process.env.TEST_PG_ADMIN_URL = pg.adminUrl;
};
