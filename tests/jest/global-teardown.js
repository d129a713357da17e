const fs = require('node:fs');

module.exports = async function globalTeardown() {
  const running = globalThis.__TEST_PG__;
  if (!running) return;
  await running.pg.stop();
  fs.rmSync(running.dataDir, { recursive: true, force: true });
};
