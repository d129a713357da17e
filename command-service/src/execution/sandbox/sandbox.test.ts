/*
 * The contract both sandboxes keep, run against each implementation available here, plus the measured
 * overhead of a box (printed, not asserted). The bubblewrap half fails in CI when bubblewrap is missing
 * and skips with a message elsewhere; hostile programs are in bubblewrap-sandbox.test.ts.
 */
import { existsSync } from 'node:fs';
import { ProcessSandbox } from './process-sandbox';
import type { BoxLimits, Sandbox } from './sandbox';
import { bubblewrapForTests } from './test-support';

const limits: BoxLimits = {
  timeLimitMs: 5_000,
  memoryLimitMb: 256,
  maxProcesses: 32,
  maxOutputBytes: 64 * 1024,
  workDirSizeMb: 16,
};

const implementations: [string, () => Promise<Sandbox | undefined>][] = [
  ['ProcessSandbox', async () => new ProcessSandbox({ logger: { warn: () => undefined } })],
  ['BubblewrapSandbox', bubblewrapForTests],
];

describe.each(implementations)('%s', (name, make) => {
  let sandbox: Sandbox | undefined;
  beforeAll(async () => {
    sandbox = await make();
  }, 30_000);
  afterAll(() => sandbox?.close?.());
  const it_ = (title: string, body: (sandbox: Sandbox) => Promise<void>, timeout?: number) =>
    it(
      title,
      async () => {
        if (!sandbox) return; // skipped with a message by bubblewrapForTests
        await body(sandbox);
      },
      timeout,
    );

  it_('writes the files, runs in the work dir with stdin and env, keeps files across commands', async (s) => {
    const box = await s.open([
      { path: 'main.sh', content: 'read line; echo "got $line $GREETING"; echo err >&2; exit 3\n' },
      { path: 'run', content: '#!/bin/sh\necho executable\n', executable: true },
      { path: 'nested/dir/data.txt', content: Buffer.from('nested') },
    ]);
    try {
      const first = await box.run({
        argv: ['sh', 'main.sh'],
        stdin: 'hello\n',
        env: { GREETING: 'hi' },
        limits,
      });
      expect(first).toMatchObject({
        exitCode: 3,
        signal: null,
        stdout: 'got hello hi\n',
        stderr: 'err\n',
        timedOut: false,
        outOfMemory: false,
        processLimitHit: false,
        outputTruncated: false,
        result: '',
      });
      expect((await box.run({ argv: ['./run'], limits })).stdout).toBe('executable\n');
      const pwd = await box.run({
        argv: ['sh', '-c', 'pwd; cat nested/dir/data.txt; echo made > out.txt'],
        limits,
      });
      expect(pwd.stdout).toBe(`${box.workDir}\nnested`);
      const again = await box.run({ argv: ['cat', 'out.txt'], limits, resultFile: 'out.txt' });
      expect(again.stdout).toBe('made\n');
      expect(again.result).toBe('made\n');
    } finally {
      await box.dispose();
    }
  });

  it_('refuses file paths outside the work dir', async (s) => {
    await expect(s.open([{ path: '../escape.txt', content: 'x' }])).rejects.toThrow(/invalid box path/);
    await expect(s.open([{ path: '/etc/escape.txt', content: 'x' }])).rejects.toThrow(/relative/);
  });

  it_('answers a missing program with a failed command, not a throw', async (s) => {
    const box = await s.open([]);
    try {
      const result = await box.run({ argv: ['no-such-program-here'], limits });
      expect(result.exitCode).not.toBe(0);
      expect(result.timedOut).toBe(false);
    } finally {
      await box.dispose();
    }
  });

  it_('kills the command at the wall-clock limit', async (s) => {
    const box = await s.open([]);
    try {
      const result = await box.run({ argv: ['sleep', '60'], limits: { ...limits, timeLimitMs: 300 } });
      expect(result).toMatchObject({ timedOut: true, signal: 'SIGKILL' });
      expect(result.durationMs).toBeLessThan(2_000);
    } finally {
      await box.dispose();
    }
  });

  it_('caps the output and kills the command on overflow', async (s) => {
    const box = await s.open([]);
    try {
      const result = await box.run({ argv: ['yes'], limits: { ...limits, maxOutputBytes: 10_000 } });
      expect(result.outputTruncated).toBe(true);
      expect(result.timedOut).toBe(false);
      expect(Buffer.byteLength(result.stdout) + Buffer.byteLength(result.stderr)).toBeLessThanOrEqual(10_000);
    } finally {
      await box.dispose();
    }
  });

  it_('reads the result file capped, and never through a symlink', async (s) => {
    const box = await s.open([]);
    try {
      const big = await box.run({
        argv: ['sh', '-c', 'head -c 5000 /dev/zero | tr "\\0" a > result.json'],
        limits: { ...limits, maxOutputBytes: 1_000 },
        resultFile: 'result.json',
      });
      expect(big.result).toBe('a'.repeat(1_000));
      expect(big.outputTruncated).toBe(true);
      const planted = await box.run({
        argv: ['sh', '-c', 'rm result.json; ln -s /etc/passwd result.json; mkdir d; ln -s /etc d/link'],
        limits,
        resultFile: 'result.json',
      });
      expect(planted.result).toBe('');
      const viaDir = await box.run({ argv: ['true'], limits, resultFile: 'd/link/passwd' });
      expect(viaDir.result).toBe('');
      const fifo = await box.run({ argv: ['mkfifo', 'pipe'], limits, resultFile: 'pipe' });
      expect(fifo).toMatchObject({ exitCode: 0, result: '' });
    } finally {
      await box.dispose();
    }
  });

  it_('reads files and directories back, all or nothing', async (s) => {
    const box = await s.open([{ path: 'src.txt', content: 'source' }]);
    try {
      const readFiles = box.readFiles!.bind(box);
      await box.run({
        argv: [
          'sh',
          '-c',
          'mkdir -p out/deep && printf one > out/a && printf two > out/deep/b && printf x > bin && chmod 755 bin',
        ],
        limits,
      });
      const read = await readFiles(['out', 'bin'], 1_000);
      expect(read).toEqual({
        files: [
          { path: 'out/a', content: Buffer.from('one') },
          { path: 'out/deep/b', content: Buffer.from('two') },
          { path: 'bin', content: Buffer.from('x'), executable: true },
        ],
      });
      expect(await readFiles(['out'], 5)).toEqual({ refused: 'more than 5 bytes' });
      expect(await readFiles(['missing'], 1_000)).toMatchObject({
        refused: expect.stringMatching(/missing/),
      });
      expect(await readFiles(['../etc/passwd'], 1_000).catch((e: Error) => e.message)).toMatch(/invalid/);
      const planted = [
        ['ln -s /etc/passwd out/deep/link', 'out', /out\/deep\/link is a symlink/],
        ['ln -s /etc etc', 'etc/passwd', /etc\/passwd cannot be reached/],
        ['rm bin; ln -s /etc/passwd bin', 'bin', /bin is a symlink/],
        ['mkfifo out/pipe', 'out', /out\/pipe is not a regular file/],
        ['ln out/a hard', 'out', /out\/a has other hard links/],
      ] as const;
      for (const [plant, path, refusal] of planted) {
        await box.run({
          argv: ['sh', '-c', `rm -rf bin etc hard out/pipe out/deep/link; printf x > bin; ${plant}`],
          limits,
        });
        const refused = await readFiles([path], 1_000);
        expect(refused).toEqual({ refused: expect.stringMatching(refusal) });
      }
    } finally {
      await box.dispose();
    }
    await expect(box.readFiles!(['src.txt'], 100)).rejects.toThrow(/disposed/);
  });

  it_('leaves no background process behind a command', async (s) => {
    const box = await s.open([]);
    try {
      await box.run({ argv: ['sh', '-c', '(sleep 0.5; echo late > late.txt) & echo started'], limits });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const check = await box.run({ argv: ['ls'], limits });
      expect(check.stdout).not.toContain('late.txt');
    } finally {
      await box.dispose();
    }
  });

  it_('removes the work dir on dispose', async (s) => {
    const box = await s.open([{ path: 'a.txt', content: 'a' }]);
    await box.run({ argv: ['true'], limits });
    await box.dispose();
    if (s.kind === 'process') expect(existsSync(box.workDir as string)).toBe(false);
    await expect(box.run({ argv: ['true'], limits })).rejects.toThrow(/disposed/);
  });

  it_('detects programs', async (s) => {
    expect(await s.hasProgram('sh')).toBe(true);
    expect(await s.hasProgram('no-such-program-here')).toBe(false);
  });

  it_(
    'measures the overhead of a box (open + true + dispose)',
    async (s) => {
      const times: number[] = [];
      for (let i = 0; i < 25; i++) {
        const started = performance.now();
        const box = await s.open([{ path: 'main.txt', content: 'x' }]);
        const result = await box.run({ argv: ['true'], limits });
        await box.dispose();
        expect(result.exitCode).toBe(0);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)];
      const p95 = times[Math.floor(times.length * 0.95)];
      console.log(`[sandbox overhead] ${name}: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
    },
    30_000,
  );
});
