/**
 * The gateway alone, for the deployment: `/api` routed by the contracts to the two services (each
 * behind its own address, any number of replicas behind it) and the built web app for everything
 * else. `npm start` runs the same gateway (infra/src/gateway.ts) beside embedded services; here the
 * services run elsewhere and are reached through COMMAND_SERVICE_URL and PROJECTION_SERVICE_URL.
 *
 *   PORT                    listening port (default 8080)
 *   HOST                    listening address (default 0.0.0.0)
 *   COMMAND_SERVICE_URL     base URL of the command-service, e.g. http://command-service:8081 (required)
 *   PROJECTION_SERVICE_URL  base URL of the projection-service, e.g. http://projection-service:8082 (required)
 *   WEB_DIST                the built web app (default web/dist of this checkout)
 */
const path = require('node:path');
const { setTimeout } = require('node:timers');
const { URL } = require('node:url');
const { createGateway } = require('../../dist/gateway.js');

function required(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required.`);
  return new URL(value).origin;
}

function main() {
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '0.0.0.0';
  const services = {
    'command-service': required('COMMAND_SERVICE_URL'),
    'projection-service': required('PROJECTION_SERVICE_URL'),
  };
  const webDist = path.resolve(process.env.WEB_DIST ?? path.join(__dirname, '..', '..', '..', 'web', 'dist'));
  const server = createGateway({ port, host, services, webDist });
  server.listen(port, host, () => {
    console.log(JSON.stringify({ level: 'info', msg: 'gateway listening', port, services, webDist }));
  });
  const stop = (signal) => {
    console.log(JSON.stringify({ level: 'info', msg: `gateway stopping (${signal})` }));
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    // Requests in flight get the orchestrator's grace period; after 20 s nothing waits any longer.
    setTimeout(() => process.exit(0), 20_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

try {
  main();
} catch (error) {
  console.error(
    JSON.stringify({ level: 'fatal', msg: 'gateway failed to start', err: String(error?.message ?? error) }),
  );
  process.exit(1);
}
