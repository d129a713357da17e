import 'reflect-metadata';
import { STRIPE_WEBHOOK_PATH } from '@app/contracts';
import { createHttpApp, createLogger, migrate } from '@app/server-kit';
import { readConfig } from './infrastructure/config';
import { commandServiceMigrations } from './infrastructure/migrations';
import { AppModule } from './app.module';

/** Starts the command-service: migrations (the event store's and its own), then the HTTP API. */
export async function startCommandService(env: NodeJS.ProcessEnv = process.env) {
  const config = readConfig(env);
  const logger = createLogger('command-service');
  if (config.migrateOnStart) {
    const applied = await migrate(config.databaseUrl, commandServiceMigrations);
    if (applied.length) logger.info({ applied }, 'event store migrations applied');
  }
  // The payment webhook's signature covers the exact bytes of its body.
  const app = await createHttpApp(AppModule.register(config, logger), 'command-service', logger, {
    rawBodyPaths: [STRIPE_WEBHOOK_PATH],
  });
  await app.listen(config.port, config.host);
  // Idle keep-alive sockets outlive the gateway's reuse of them: with Node's 5 s default, a burst
  // after a pause could be sent on a socket the service was closing (ECONNRESET, answered 503).
  const server = app.getHttpServer() as import('node:http').Server;
  server.keepAliveTimeout = 75_000;
  server.headersTimeout = 76_000;
  logger.info({ port: config.port }, 'command-service listening');
  return app;
}

if (require.main === module) {
  startCommandService().catch((error: unknown) => {
    console.error(
      JSON.stringify({ level: 'fatal', msg: 'command-service failed to start', err: String(error) }),
    );
    process.exit(1);
  });
}
