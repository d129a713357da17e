import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@app/infra/free-port';

/*
 * `npm start`'s orchestrator as a user runs it: prints the URL when ready, serves the web app and
 * /api on one origin, keeps its data between starts, and stops everything on Ctrl-C.
 */
const repoRoot = path.resolve(__dirname, '../../..');
const startScript = path.join(repoRoot, 'infra/dist/start.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-start-'));
// PostgreSQL runs as the `postgres` user when we are root: it needs to reach the data directory.
fs.chmodSync(dataDir, 0o755);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function start(port: number): Promise<{ child: ChildProcess; output: () => string }> {
  let output = '';
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, [startScript], {
    env: { ...env, PORT: String(port), DATA_DIR: dataDir, STAFF_TOKEN: 's'.repeat(40) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 90_000;
  while (!output.includes(`Platform ready at http://localhost:${port}`)) {
    if (child.exitCode !== null) throw new Error(`start exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`not ready in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => output };
}

async function systemStatus(base: string): Promise<{ head: { totalEvents: number } }> {
  return (await (await fetch(`${base}/api/system/v1/status`)).json()) as { head: { totalEvents: number } };
}

async function interrupt(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGINT');
  return exited;
}

/** Processes still running that belong to this run (PostgreSQL on our data dir, our services). */
function leftovers(): string[] {
  const list = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' }).split('\n');
  return list.filter((line) => line.includes(dataDir) && !line.includes('ps -eo'));
}

it('starts on one origin, keeps its data, and Ctrl-C leaves nothing running', async () => {
  const port = await freePort();
  const first = await start(port);
  const base = `http://localhost:${port}`;
  // One line per language at start: ready, or why not (Swift has no toolchain here; not a crash).
  expect(first.output()).toMatch(/^ {2}python +ready$/m);
  expect(first.output()).toMatch(/^ {2}swift +unavailable: /m);
  const appended = await fetch(`${base}/api/events/v1/event`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'start-test' }),
  });
  expect(appended.status).toBe(200);
  // The content folder was published as the command-service started: the catalogue lists it.
  const position = ((await appended.json()) as { position: string }).position;
  const catalogue = await fetch(`${base}/api/problems/v1/algoexpert/coding-questions/list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-min-position': position },
    body: '{}',
  });
  const questions = ((await catalogue.json()) as { questions: unknown[] }).questions;
  expect(questions.length).toBeGreaterThanOrEqual(40);
  const eventsBefore = (await systemStatus(base)).head.totalEvents;
  expect(eventsBefore).toBeGreaterThan(questions.length);
  const page = await fetch(`${base}/status`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<div id="root">');
  expect(leftovers().length).toBeGreaterThan(0);
  expect(await interrupt(first.child)).toBe(0);
  expect(first.output()).toContain('Stopped.');
  expect(leftovers()).toEqual([]);

  // The same data directory again: the events are still there, and the unchanged content is not
  // published twice.
  const second = await start(port);
  expect((await systemStatus(base)).head.totalEvents).toBe(eventsBefore);
  expect(await interrupt(second.child)).toBe(0);
  expect(leftovers()).toEqual([]);
}, 240_000);
