import 'reflect-metadata';
import { createHttpApp, createLogger, eventStoreMigrations, migrate } from '@app/server-kit';
import { readConfig } from './infrastructure/config';
import { readModelMigrations } from './infrastructure/migrations';
import { AppModule } from './app.module';

/** Starts the projection-service: read-model migrations, projection runners, then the query API. */
export async function startProjectionService(env: NodeJS.ProcessEnv = process.env) {
  const config = readConfig(env);
  const logger = createLogger('projection-service');
  if (config.migrateOnStart) {
    // The read side reads the event store, so it makes sure the store's schema is there too.
    await migrate(config.databaseUrl, eventStoreMigrations);
    const applied = await migrate(config.databaseUrl, readModelMigrations);
    if (applied.length) logger.info({ applied }, 'read-model migrations applied');
  }
  const app = await createHttpApp(AppModule.register(config, logger), 'projection-service', logger);
  await app.listen(config.port, config.host);
  // Idle keep-alive sockets outlive the gateway's reuse of them: with Node's 5 s default, a burst
  // after a pause could be sent on a socket the service was closing (ECONNRESET, answered 503).
  const server = app.getHttpServer() as import('node:http').Server;
  server.keepAliveTimeout = 75_000;
  server.headersTimeout = 76_000;
  logger.info({ port: config.port }, 'projection-service listening');
  return app;
}

if (require.main === module) {
  startProjectionService().catch((error: unknown) => {
    console.error(
      JSON.stringify({ level: 'fatal', msg: 'projection-service failed to start', err: String(error) }),
    );
    process.exit(1);
  });
}
