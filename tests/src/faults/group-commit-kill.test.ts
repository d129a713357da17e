import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PgEventStore, createPool, eventStoreMigrations, migrate, type NewEvent } from '@app/server-kit';

/*
 * Fault: PostgreSQL is killed (SIGKILL, the postmaster and every backend) while 32 writers append
 * through group commit, then started again (crash recovery from the WAL, fsync on). Every append that
 * was acknowledged before the kill is stored, once, at the revisions its answer gave; no stream has a
 * gap; nothing half of a group is there.
 */
const postgresModule = path.resolve(__dirname, '../../../infra/dist/postgres.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'group-commit-kill-'));
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Starts the embedded server on `dataDir` in a child process, as `npm start` does (the package is
 * ES-module-only, which jest's module system does not load); answers its admin URL and port.
 */
async function startServer(port?: number): Promise<{ adminUrl: string; port: number }> {
  if (!fs.existsSync(postgresModule))
    throw new Error(`${postgresModule} is missing: run \`npm run build\` first.`);
  const script = `
    const { startEmbeddedPostgres } = require(${JSON.stringify(postgresModule)});
    startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port ?? 'undefined'} }).then(
      (pg) => {
        console.log(JSON.stringify({ adminUrl: pg.adminUrl, port: pg.port }));
        process.on('SIGTERM', () => pg.stop().finally(() => process.exit(0)));
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
      if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]) as { adminUrl: string; port: number });
    });
    child.once('exit', (code) => reject(new Error(`PostgreSQL did not start (exit ${code}): ${err}`)));
  });
}

/** The postmaster's pid (first line of postmaster.pid) and its children's (from /proc). */
function serverPids(clusterDir: string): number[] {
  const postmaster = Number(fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        // stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after its closing parenthesis.
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it('keeps every acknowledged append of a group commit across a kill -9 of PostgreSQL', async () => {
  const server = await startServer();
  const url = server.adminUrl;
  await migrate(url, eventStoreMigrations);
  const pool = createPool(url, { max: 40 });
  const clusterDir = (await pool.query<{ data_directory: string }>('SHOW data_directory')).rows[0]
    .data_directory;
  const store = new PgEventStore(pool, { notify: false });
  const run = randomUUID().slice(0, 8);
  const acknowledged: { streamId: string; revision: number; markers: string[] }[] = [];
  let killed = false;
  const writers = Array.from({ length: 32 }, async (_, writer) => {
    const streamId = `kill-${run}-${writer}`;
    let expected: number | 'no_stream' = 'no_stream';
    for (let n = 0; !killed; n++) {
      const markers = Array.from({ length: 1 + (n % 3) }, () => randomUUID());
      const events: NewEvent[] = markers.map((marker) => ({
        type: 'TelemetryEventRecorded',
        data: { eventType: 'kill-test', body: { marker } },
      }));
      try {
        const result = await store.append(streamId, events, { expectedState: expected });
        acknowledged.push({ streamId, revision: result.streamRevision, markers });
        expected = result.streamRevision;
      } catch {
        return; // the server is gone: this writer stops; its unanswered append may or may not be stored
      }
    }
  });

  // Let the writers run, then kill the server in the middle of their groups.
  while (acknowledged.length < 2000) await new Promise((resolve) => setTimeout(resolve, 20));
  const pids = serverPids(clusterDir);
  for (const pid of pids) process.kill(pid, 'SIGKILL');
  killed = true;
  await Promise.all(writers);
  const stats = store.groupCommitStats!;
  await pool.end().catch(() => undefined);
  while (pids.some(alive)) await new Promise((resolve) => setTimeout(resolve, 50));

  // Groups of several appends were being committed when it happened.
  expect(stats.largestGroup).toBeGreaterThan(1);
  expect(stats.appends).toBeGreaterThan(stats.groups);

  // Started again on the same data (and port): crash recovery replays the WAL.
  const restarted = await startServer(server.port);
  const after = createPool(restarted.adminUrl, { max: 4 });
  try {
    const stored = await after.query<{ stream_id: string; revision: string; marker: string }>(
      `SELECT stream_id, revision, data->'body'->>'marker' AS marker FROM es_events
        WHERE stream_id LIKE $1 ORDER BY stream_id, revision`,
      [`kill-${run}-%`],
    );
    const byMarker = new Map(stored.rows.map((row) => [row.marker, row]));
    for (const append of acknowledged)
      append.markers.forEach((marker, index) => {
        expect(byMarker.get(marker)).toEqual({
          stream_id: append.streamId,
          revision: String(append.revision - append.markers.length + 1 + index),
          marker,
        });
      });
    // Each marker once, and every stream without a gap (an unanswered append is all there or absent).
    expect(byMarker.size).toBe(stored.rowCount);
    const streams = new Map<string, number[]>();
    for (const row of stored.rows)
      streams.set(row.stream_id, [...(streams.get(row.stream_id) ?? []), Number(row.revision)]);
    for (const revisions of streams.values()) expect(revisions).toEqual(revisions.map((_, i) => i));
    // At most one unanswered append per writer can have been stored beyond what was acknowledged.
    expect(stored.rowCount! - acknowledged.reduce((sum, a) => sum + a.markers.length, 0)).toBeLessThanOrEqual(
      32 * 3,
    );
  } finally {
    await after.end();
  }
});
