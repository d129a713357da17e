const fs = require('node:fs');

module.exports = async function globalTeardown() {
  await globalThis.__TEST_STRIPE_MOCK__?.stop();
  const running = globalThis.__TEST_PG__;
  if (!running) return;
  await running.pg.stop();
  fs.rmSync(running.dataDir, { recursive: true, force: true });
  // As root from a folder the postgres user cannot enter, the cluster lived under /var/tmp instead.
  const { fallbackFolder } = require('../../infra/dist/postgres.js');
  fs.rmSync(fallbackFolder(running.dataDir), { recursive: true, force: true });
};
