/** Settings of the command-service, all from the environment. */
export type CommandServiceConfig = {
  databaseUrl: string;
  port: number;
  host: string;
  migrateOnStart: boolean;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): CommandServiceConfig {
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required.');
  return {
    databaseUrl,
    port: Number(env.COMMAND_SERVICE_PORT ?? env.PORT ?? 8081),
    host: env.HOST ?? '127.0.0.1',
    migrateOnStart: env.MIGRATE_ON_START !== 'false',
  };
}
