/** Settings of the projection-service, all from the environment. */
export type ProjectionServiceConfig = {
  databaseUrl: string;
  port: number;
  host: string;
  migrateOnStart: boolean;
  /** Run projections in this process (a query-only replica can turn it off). */
  runProjections: boolean;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): ProjectionServiceConfig {
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required.');
  return {
    databaseUrl,
    port: Number(env.PROJECTION_SERVICE_PORT ?? env.PORT ?? 8082),
    host: env.HOST ?? '127.0.0.1',
    migrateOnStart: env.MIGRATE_ON_START !== 'false',
    runProjections: env.RUN_PROJECTIONS !== 'false',
  };
}
