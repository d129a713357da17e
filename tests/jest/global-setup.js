// Starts one real PostgreSQL for the whole jest run (or uses DATABASE_URL's server); each test file
// then makes its own database on it (infra/src/testing/database.ts).
const fs = require('node:fs');
const path = require('node:path');

module.exports = async function globalSetup() {
  await startStripeMock();
  if (process.env.DATABASE_URL) {
    process.env.TEST_PG_ADMIN_URL = process.env.DATABASE_URL;
    return;
  }
  const { startEmbeddedPostgres } = require('../../infra/dist/postgres.js');
  const dataRoot = path.resolve(__dirname, '../../.data');
  // Clusters of earlier runs that were killed before their teardown.
  for (const entry of fs.existsSync(dataRoot) ? fs.readdirSync(dataRoot) : []) {
    const pid = /^jest-(\d+)$/.exec(entry)?.[1];
    if (pid && !isRunning(Number(pid)))
      fs.rmSync(path.join(dataRoot, entry), { recursive: true, force: true });
  }
  const dataDir = path.join(dataRoot, `jest-${process.pid}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const pg = await startEmbeddedPostgres({
    dataDir,
    settings: { fsync: 'off', synchronous_commit: 'off', max_connections: '400' },
  });
  globalThis.__TEST_PG__ = { pg, dataDir };
  process.env.TEST_PG_ADMIN_URL = pg.adminUrl;
};

// Stripe's API for the suites: the installed stripe-mock on a free loopback port (STRIPE_API_BASE),
// unless one is given. Not installed is a failure naming the installer, never a skip.
async function startStripeMock() {
  if (process.env.STRIPE_API_BASE) return;
  const { startStripeMock: start } = require('../../infra/dist/stripe-mock.js');
  const mock = await start();
  globalThis.__TEST_STRIPE_MOCK__ = mock;
  process.env.STRIPE_API_BASE = mock.url;
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
