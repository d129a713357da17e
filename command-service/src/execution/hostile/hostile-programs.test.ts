/*
 * Issue 4's hostile programs in every available language, judged through the real runner (real bwrap, real
 * toolchains): each is answered with the right status while the service stays healthy and other learners'
 * runs keep working. One hostile program per language (programs/<language>), its behaviour chosen by the
 * test's `mode` input, so each language compiles once and the build cache serves the other runs.
 *
 *   sleep forever, writing a marker in /box, /tmp and /dev/shm  -> timed out; meanwhile another run sees
 *     none of it (/box, /tmp, /dev/shm, /proc/<pid>/cwd and /root, the sleeper's host work dir), reads no
 *     host secret (existing files and canaries), writes nothing outside its box, connects nowhere (host
 *     listener on loopback and the host's own address, public addresses), and a results file replaced by
 *     a symlink (to /etc/shadow, to the sleeper's marker on the host) is not followed
 *   endless loop and fork bomb                  -> timed out / out of resources, while an innocent run passes
 *   disk fill (/tmp, /dev/shm, then /box)       -> a failed test with an error; the host's disks keep their space
 *   huge output                                 -> output truncated, the run stopped early
 *   a background process left behind (setsid)  -> nothing of it runs after the command, no file it would
 *                                                  write later shows in the next box
 *   reading the inputs file and printing it      -> in a submission, nothing of a hidden test's input reaches
 *     (stdout, stderr, an exception)                 the answer; the visible tests' prints are still shown
 *   throwing the command line of the box's pid 1  -> bwrap's, naming no host path (its options came on fd 3)
 *     (bwrap) in an exception                        and the error shows no toolchain's host path either
 * Memory bombs: languages/memory-limits.test.ts. Compile-time traps: compile-traps.test.ts. The sandbox's
 * own hostile tests (shell programs, same behaviours): sandbox/bubblewrap-sandbox.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import { join, resolve } from 'node:path';
import type { RunTestsResult } from '../languages';
import { runTests, toolchainBinds, toolchainsDir } from '../languages';
import { loadQuestion } from '../questions';
import { judgeTests, runResponse } from '../engine/judge-tests';
import {
  attack,
  attackSignature,
  hostileContext,
  hostileLanguages,
  hostileProgram,
  probeLines,
  processesLeftOf,
  processesOf,
  sleep,
  toolchains,
  unavailable,
  waitFor,
  type HostileContext,
  type HostileLanguage,
  type ProbeLine,
} from './support';

const tag = randomBytes(6).toString('hex');
const repoRoot = resolve(__dirname, '..', '..', '..', '..');
const envCanary = `env-canary-${tag}`;
process.env.HOSTILE_ENV_CANARY = envCanary;
/** Secret files of the host's that exist (created here when needed), with content no answer may carry. */
const canaryContent = `host canary ${tag}`;
const canaries = [
  `/tmp/hostile-canary-${tag}`,
  `/dev/shm/hostile-canary-${tag}`,
  `/root/hostile-canary-${tag}`,
  join(repoRoot, `hostile-canary-${tag}`),
  join(toolchainsDir(), `hostile-canary-${tag}`),
];
const pairWithSum = loadQuestion('pair-with-sum');

let context: HostileContext | null = null;
let server: Server;
let port = 0;
let connections = 0;

beforeAll(async () => {
  mkdirSync(toolchainsDir(), { recursive: true });
  for (const path of canaries) writeFileSync(path, canaryContent, { mode: 0o600 });
  server = createServer((socket) => {
    connections++;
    socket.end('host service\n');
  });
  await new Promise<void>((done) => server.listen(0, done));
  port = (server.address() as AddressInfo).port;
  // Three slots: a hostile run, another hostile run or an innocent learner's run, and one more.
  context = await hostileContext(3);
}, 60_000);

afterAll(async () => {
  for (const path of canaries) rmSync(path, { force: true });
  await new Promise<void>((done) => server.close(() => done()));
  await context?.close();
});

/** The host's non-loopback IPv4 addresses: the box must not reach the host through them either. */
const hostAddresses = Object.values(networkInterfaces())
  .flat()
  .filter((a) => a && a.family === 'IPv4' && !a.internal)
  .map((a) => a!.address);

/** Write targets outside the box; `host` is where the file would land on the host if a write got out. */
function writeTargets(): { target: string; host?: string }[] {
  const name = `hostile-${tag}`;
  const dirs = [
    '/',
    '/etc',
    '/usr',
    '/usr/lib',
    '/usr/local',
    '/usr/local/go',
    '/root',
    '/var',
    '/run',
    '/run/rce-sandbox',
    repoRoot,
    ...toolchainBinds(toolchains).map((bind) => bind.hostPath),
  ];
  return [
    ...dirs.map((dir) => ({ target: join(dir, name), host: join(dir, name) })),
    { target: `/dev/${name}` },
    { target: `/proc/1/root/${name}` },
    { target: '/proc/sys/kernel/hostname' },
    { target: '/proc/sys/vm/drop_caches' },
    { target: '/proc/sysrq-trigger' },
  ];
}

const answer = (result: RunTestsResult) => JSON.stringify(result);

describe.each(hostileLanguages)('%s', (language: HostileLanguage) => {
  const skip = () => unavailable(context, language);

  describe('a run that sleeps forever, and what another run can do meanwhile', () => {
    const marker = `marker-${tag}-${language}`;
    let sleeper: RunTestsResult;
    let probe: RunTestsResult;
    let probed: ProbeLine[] = [];
    const symlinked: RunTestsResult[] = [];
    let sleeperRunningAfter = false;
    let sleeperHostDir = '';

    beforeAll(async () => {
      if (skip()) return;
      const started = attack(context!, language, 'sleep', marker, { timeLimitMs: 6_000 }, 'never');
      const seen = await waitFor(
        () => started.boxes.some((box) => existsSync(join(box.hostDir, marker))),
        90_000,
      );
      if (!seen) throw new Error(`the sleeper never wrote its marker: ${answer(await started.result)}`);
      const box = started.boxes[started.boxes.length - 1];
      sleeperHostDir = box.hostDir;
      const script = [
        ...['/etc/shadow', '/root/.bashrc', '/proc/1/environ', ...canaries].map((p) => `read ${p}`),
        ...writeTargets().map(({ target }) => `write ${target}`),
        ...['127.0.0.1', '::1', ...hostAddresses].map((host) => `connect ${host} ${port}`),
        'connect 1.1.1.1 80',
        'connect 8.8.8.8 53',
        ...['/box', '/tmp', '/dev/shm', '/run', '/run/rce-sandbox', sleeperHostDir].map((d) => `list ${d}`),
        `read ${sleeperHostDir}/${marker}`,
        ...['cwd', 'root/box', 'root/tmp', 'root/dev/shm'].map((s) => `listpids ${s}`),
      ].join('\n');
      probe = await attack(context!, language, 'probe', script).result;
      probed = probeLines(probe.results[0]?.stdout ?? '');
      for (const target of ['/etc/shadow', `${sleeperHostDir}/${marker}`, canaries[0]]) {
        symlinked.push(await attack(context!, language, 'symlink', target, {}, 'planted').result);
      }
      sleeperRunningAfter = processesOf(box.uid).length > 0;
      sleeper = await started.result;
    }, 180_000);

    it('the sleeper is answered as out of time', () => {
      if (skip()) return;
      expect(sleeper.compileError).toBeUndefined();
      expect(sleeper).toMatchObject({ timedOut: true, outOfResources: false });
      expect(sleeper.results[0]).toMatchObject({ passed: false, error: { type: 'TIMEOUT' } });
      // Everything below happened while it was still running.
      expect(sleeperRunningAfter).toBe(true);
    });

    it('the other run completes and reads no secret of the host', () => {
      if (skip()) return;
      expect(probe.compileError).toBeUndefined();
      expect(probe.results[0]).toMatchObject({ passed: true, actual: 'done' });
      const reads = probed.filter((line) => line.op === 'read');
      expect(reads.length).toBe(4 + canaries.length);
      for (const path of ['/etc/shadow', '/root/.bashrc', ...canaries]) {
        expect(existsSync(path)).toBe(true);
        expect(reads.find((line) => line.target === path)).toMatchObject({ ok: false });
      }
      const text = answer(probe);
      for (const secret of [canaryContent, envCanary, 'DATABASE_URL', 'STAFF_TOKEN', 'root:'])
        expect(text).not.toContain(secret);
    });

    it("the other run sees none of the sleeper's files", () => {
      if (skip()) return;
      const lists = probed.filter((line) => line.op === 'list');
      // The walk works (its own work dir and processes are listed), and finds nothing of the sleeper's.
      expect(lists.find((line) => line.target === '/box')).toMatchObject({ ok: true });
      expect(lists.find((line) => line.target === '/box')!.detail).toContain('inputs.json');
      expect(
        lists.filter((line) => /^\/proc\/\d+\/cwd$/.test(line.target) && line.ok).length,
      ).toBeGreaterThan(0);
      for (const line of lists) expect(line.detail).not.toContain(marker);
      expect(lists.find((line) => line.target === sleeperHostDir)).toMatchObject({ ok: false });
      expect(probed.find((line) => line.target === `${sleeperHostDir}/${marker}`)).toMatchObject({
        ok: false,
      });
      expect(answer(probe)).not.toContain('sleeper secret');
    });

    it('the other run writes nothing outside its box', () => {
      if (skip()) return;
      const writes = probed.filter((line) => line.op === 'write');
      expect(writes.length).toBe(writeTargets().length);
      // Under /tmp and /dev/shm the box has tmpfs of its own: a repository or toolchain there (a clone
      // in /tmp) appears in the box only as the mount points bwrap made, so a write lands in the box.
      // Everywhere else a write must fail; and on the host, nothing may appear anywhere.
      const boxOwn = (target: string) => /^\/(tmp|dev\/shm)\//.test(target);
      expect(writes.filter((line) => line.ok && !boxOwn(line.target))).toEqual([]);
      for (const { host } of writeTargets()) if (host) expect(existsSync(host)).toBe(false);
      expect(hostname()).not.toBe('hostile');
    });

    it('the other run connects nowhere: not to the host, not out', () => {
      if (skip()) return;
      const connects = probed.filter((line) => line.op === 'connect');
      expect(connects.length).toBe(4 + hostAddresses.length);
      expect(connects.filter((line) => line.ok)).toEqual([]);
      expect(connections).toBe(0);
    });

    it('a results file replaced by a symlink is not followed by the host', () => {
      if (skip()) return;
      expect(symlinked).toHaveLength(3);
      for (const result of symlinked) {
        expect(result.compileError).toBeUndefined();
        // The host read nothing: the test never started as far as the judge knows.
        expect(result.results[0]).toMatchObject({ passed: false, error: { type: 'NOT_RUN' } });
        const text = answer(result);
        for (const secret of ['sleeper secret', canaryContent, 'root:']) expect(text).not.toContain(secret);
      }
    });
  });

  it('an endless loop and a fork bomb are stopped while an innocent run passes', async () => {
    if (skip()) return;
    const [loop, fork, innocent] = await Promise.all([
      attack(context!, language, 'loop', '', {}, 'never').result,
      attack(context!, language, 'fork', '', {}, 'never').result,
      runTests({
        sandbox: context!.sandbox,
        language: 'python',
        question: pairWithSum,
        source: pairWithSum.solutions.python!,
        tests: pairWithSum.tests,
        toolchains,
      }),
    ]);
    expect(loop.compileError).toBeUndefined();
    expect(loop.timedOut).toBe(true);
    expect(loop.results[0]).toMatchObject({ passed: false, error: { type: 'TIMEOUT' } });
    expect(fork.compileError).toBeUndefined();
    // Stopped by the process limit, or (on a machine too busy to fork that fast) by the time limit.
    expect(fork.outOfResources === true || fork.timedOut === true).toBe(true);
    expect(fork.results[0].passed).toBe(false);
    expect(innocent.results.length).toBe(pairWithSum.tests.length);
    expect(innocent.results.every((r) => r.passed)).toBe(true);
  }, 120_000);

  it('filling the disk fails the test with an error and takes no space of the host', async () => {
    if (skip()) return;
    await attack(context!, language, 'probe', '').result; // compiled before the host is measured
    const hostFree = () =>
      ['/', '/tmp', '/dev/shm', '/run'].map((p) => statfsSync(p)).map((s) => s.bavail * s.bsize);
    const before = hostFree();
    const sizeMb = 48;
    const fill = await attack(context!, language, 'fill', '/tmp/fill\n/dev/shm/fill\n/box/fill', {
      workDirSizeMb: sizeMb,
      timeLimitMs: 10_000,
    }).result;
    const after = hostFree();
    expect(fill.compileError).toBeUndefined();
    expect(fill.timedOut).toBe(false);
    expect(fill.results[0].passed).toBe(false);
    expect(fill.results[0].error).not.toBeNull();
    // The program saw the full disk as an error of its own (ENOSPC), it was not killed by SIGXFSZ.
    expect(fill.results[0].error?.reason).not.toMatch(/SIGXFSZ/);
    const filled = new Map<string, number>();
    for (const [, path, mib] of (fill.results[0].stdout + fill.rawOutput).matchAll(
      /^fill (\S+) -> (\d+) MiB/gm,
    ))
      filled.set(path, Math.max(filled.get(path) ?? 0, Number(mib)));
    // Each place filled up to about its size, and no further.
    for (const path of ['/tmp/fill', '/dev/shm/fill', '/box/fill']) {
      expect(filled.get(path)).toBeGreaterThan(sizeMb / 2);
      expect(filled.get(path)).toBeLessThanOrEqual(sizeMb);
    }
    // About 130 MiB were written in the box; the host's file systems lost none of it.
    before.forEach((free, i) => expect(free - after[i]).toBeLessThan(32 * 1024 * 1024));
  }, 120_000);

  /*
   * JavaScript and TypeScript reach the output limit because their harness makes stdout blocking: Node
   * otherwise queues a print loop's output in memory and the run would end timed out instead.
   */
  it('huge output is truncated and the run stopped early', async () => {
    if (skip()) return;
    const spam = await attack(context!, language, 'spam', '', { timeLimitMs: 10_000 }, 'never').result;
    expect(spam.compileError).toBeUndefined();
    expect(spam).toMatchObject({ outputTruncated: true, timedOut: false, outOfResources: false });
    expect(spam.results[0]).toMatchObject({ passed: false, error: { type: 'OUTPUT_TOO_LARGE' } });
    expect(spam.runMs).toBeLessThan(8_000);
  }, 60_000);

  /*
   * Go runs each test in a process of its own whose parent waits for one byte on fd 3: the harness keeps
   * that pipe (and the test's stderr, through WaitDelay) from holding the run open after the test.
   */
  it('leaves no background process behind, nor a file it would write later', async () => {
    if (skip()) return;
    const left = `left-${tag}-${language}`;
    const script =
      `sleep 1; for d in /box /tmp /dev/shm; do echo left > $d/${left}; done; ` +
      `nohup setsid sleep 1000 >/dev/null 2>&1 & exec sleep 1000`;
    const daemon = attack(context!, language, 'daemon', script, {}, 'started');
    const result = await daemon.result;
    expect(result.compileError).toBeUndefined();
    expect(result.timedOut).toBe(false);
    expect(result.results[0]).toMatchObject({ passed: true, actual: 'started' });
    const { uid, hostDir } = daemon.boxes[daemon.boxes.length - 1];
    expect(await processesLeftOf(uid)).toEqual([]);
    await sleep(1_500);
    expect(processesOf(uid)).toEqual([]);
    expect(await waitFor(() => !existsSync(hostDir), 5_000)).toBe(true);
    const next = await attack(context!, language, 'probe', 'list /box\nlist /tmp\nlist /dev/shm').result;
    const lists = probeLines(next.results[0].stdout);
    expect(lists).toHaveLength(3);
    for (const line of lists) {
      expect(line.ok).toBe(true);
      expect(line.detail).not.toContain(left);
    }
  }, 60_000);

  it("keeps a submission's hidden tests hidden: what the program reads of them and prints never reaches the answer", async () => {
    if (skip()) return;
    const secret = `hidden-input-${tag}`;
    const result = await judgeTests({
      sandbox: context!.sandbox,
      language,
      question: { signature: attackSignature },
      source: hostileProgram(language),
      tests: [
        { input: { mode: 'leak', arg: 'visible-input' }, output: 'done' },
        { input: { mode: 'leak', arg: secret }, output: 'done', hidden: true },
      ],
      toolchains,
      runLimits: { timeLimitMs: 5_000 },
      buildCache: context!.cache,
    });
    expect(result.compileError).toBeUndefined();
    // The program read its inputs file and printed it: the visible test shows what it held.
    expect(result.results[0]).toMatchObject({ passed: false, hidden: false });
    expect(result.results[0].stdout).toContain('visible-input');
    expect(result.results[1]).toMatchObject({ passed: false, hidden: true, stdout: '' });
    expect(result.results[1].error).toEqual({
      type: 'RUNTIME',
      reason: 'The code failed with an error on this hidden test.',
    });
    const shown = runResponse(result);
    expect(shown.TestResults[0].outputToDisplay).toContain('visible-input');
    expect(shown.TestResults[1]).toMatchObject({ hideOutput: true, outputToDisplay: '', Matches: false });
    expect(JSON.stringify(shown)).not.toContain(secret);
    expect(JSON.stringify(result)).not.toContain(secret);
  }, 90_000);

  it("shows no host path: the box's pid 1 (bwrap) has none on its command line, errors name none", async () => {
    if (skip()) return;
    const result = await attack(context!, language, 'throwfile', '/proc/1/cmdline', {}, 'never').result;
    expect(result.compileError).toBeUndefined();
    const reason = result.results[0].error?.reason ?? '';
    expect(reason).toMatch(/bwrap --args 3 -- /);
    const hostPaths = [
      '/run/rce-sandbox',
      repoRoot,
      toolchainsDir(),
      ...toolchainBinds(toolchains).map((bind) => bind.hostPath),
    ];
    for (const hostPath of hostPaths) expect(answer(result)).not.toContain(hostPath);
  }, 60_000);
});
