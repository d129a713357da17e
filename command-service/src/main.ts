import 'reflect-metadata';
import { eventStoreMigrations, migrate } from './event-store';
import { readConfig } from './infrastructure/config';
import { createHttpApp, createLogger } from './platform';
import { AppModule } from './app.module';

/** Starts the command-service: migrations of the event store, then the HTTP API. */
export async function startCommandService(env: NodeJS.ProcessEnv = process.env) {
  const config = readConfig(env);
  const logger = createLogger('command-service');
  if (config.migrateOnStart) {
    const applied = await migrate(config.databaseUrl, eventStoreMigrations);
    if (applied.length) logger.info({ applied }, 'event store migrations applied');
  }
  const app = await createHttpApp(AppModule.register(config, logger), 'command-service', logger);
  await app.listen(config.port, config.host);
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
