/*
 * Hostile programs against the bubblewrap sandbox: each is answered with the right status, nothing
 * escapes and the machine stays fine. Fails in CI when bubblewrap is missing, skips elsewhere.
 */
import { existsSync, readdirSync, readFileSync, statfsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { BubblewrapSandbox } from './bubblewrap-sandbox';
import type { Box, BoxCommand, BoxLimits } from './sandbox';
import { bubblewrapForTests } from './test-support';

const limits: BoxLimits = {
  timeLimitMs: 3_000,
  memoryLimitMb: 128,
  maxProcesses: 32,
  maxOutputBytes: 64 * 1024,
  workDirSizeMb: 8,
};
const TMPFS_MAGIC = 0x01021994;

let sandbox: BubblewrapSandbox | undefined;
beforeAll(async () => {
  sandbox = await bubblewrapForTests({ slots: 3 });
}, 30_000);
afterAll(() => sandbox?.close());

/** Runs the test body with a fresh box (skipped with a message when bubblewrap is unavailable here). */
const boxTest = (title: string, body: (box: Box, s: BubblewrapSandbox) => Promise<void>, timeout?: number) =>
  it(
    title,
    async () => {
      if (!sandbox) return;
      const box = await sandbox.open([]);
      try {
        await body(box, sandbox);
      } finally {
        await box.dispose();
      }
    },
    timeout,
  );

const sh = (
  script: string,
  extra: Partial<BoxCommand> = {},
  overrides: Partial<BoxLimits> = {},
): BoxCommand => ({
  argv: ['sh', '-c', script],
  ...extra,
  limits: { ...limits, ...overrides },
});

/**
 * Host pids of live processes running under `uid`. Zombies are left out: bwrap's pid-1 monitor can
 * outlive the outer bwrap by a moment and is then reaped by the host's init (here within ~1.5 s).
 */
/** processesOf after the kernel has had a moment to finish tearing SIGKILLed processes down. */
async function processesLeftOf(uid: number): Promise<number[]> {
  for (let waited = 0; processesOf(uid).length > 0 && waited < 1_000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return processesOf(uid);
}

function processesOf(uid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        return new RegExp(`^Uid:\\s+${uid}\\s`, 'm').test(status) && !/^State:\s+[ZX]/m.test(status);
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('BubblewrapSandbox against hostile programs', () => {
  boxTest('runs as a non-root uid with no capabilities', async (box) => {
    const result = await box.run(sh('id -u; id -un; grep -E "^Cap(Inh|Prm|Eff|Bnd|Amb):" /proc/self/status'));
    const [uid, name, ...caps] = result.stdout.trim().split('\n');
    expect(Number(uid)).toBeGreaterThan(0);
    expect(name).toMatch(/^runner-\d+$/);
    expect(caps).toHaveLength(5);
    for (const line of caps) expect(line).toMatch(/:\s+0+$/);
  });

  boxTest('an infinite loop times out', async (box) => {
    const result = await box.run({
      argv: ['node', '-e', 'for (;;) {}'],
      limits: { ...limits, timeLimitMs: 1_000 },
    });
    expect(result).toMatchObject({ timedOut: true, signal: 'SIGKILL' });
    expect(result.durationMs).toBeLessThan(2_500);
  });

  boxTest('sleeping forever times out', async (box) => {
    const result = await box.run({
      argv: ['python3', '-c', 'import time\nwhile True: time.sleep(1000)'],
      limits: { ...limits, timeLimitMs: 700 },
    });
    expect(result.timedOut).toBe(true);
  });

  boxTest(
    'a fork bomb hits the process limit and the machine stays fine',
    async (box, s) => {
      // Every process forks for ever, ignoring failures: only the limits end it.
      const result = await box.run({
        argv: ['python3', '-c', 'import os\nwhile True:\n    try: os.fork()\n    except OSError: pass'],
        limits: { ...limits, timeLimitMs: 1_500 },
      });
      expect(result).toMatchObject({ processLimitHit: true, timedOut: true });
      const other = await s.open([]);
      try {
        expect((await other.run(sh('echo alive'))).stdout).toBe('alive\n');
      } finally {
        await other.dispose();
      }
    },
    15_000,
  );

  boxTest('a memory bomb is killed at the memory limit', async (box) => {
    const result = await box.run({
      argv: ['python3', '-c', 'chunks = []\nwhile True: chunks.append(b"x" * 1048576)'],
      limits: { ...limits, memoryLimitMb: 64, timeLimitMs: 10_000 },
    });
    expect(result.outOfMemory).toBe(true);
    expect(result.timedOut).toBe(false);
  });

  boxTest('filling the disk stops at the work dir size and stays off the host disk', async (box, s) => {
    const result = await box.run(
      sh('dd if=/dev/zero of=fill bs=1M count=64 2>&1; echo; ls -l fill', {}, { workDirSizeMb: 8 }),
    );
    const size = Number(/^-\S+\s+\d+\s+\S+\s+\S+\s+(\d+)/m.exec(result.stdout)?.[1]);
    expect(size).toBeLessThanOrEqual(8 * 1024 * 1024);
    expect(result.stdout).toMatch(/No space left|File too large|File size limit exceeded/);
    const tmp = await box.run(sh('dd if=/dev/zero of=/tmp/fill bs=1M count=64 2>&1'));
    expect(tmp.stdout).toMatch(/No space left|File too large|File size limit exceeded/);
    // The work dir is a tmpfs of its own on the host: nothing went to the host's disk.
    const hostDir = (box as unknown as { hostDir: string }).hostDir;
    expect(statfsSync(hostDir).type).toBe(TMPFS_MAGIC);
    expect(s.kind).toBe('bubblewrap');
  });

  boxTest(
    'a full disk is an error the program sees (ENOSPC), not a SIGXFSZ kill at the size',
    async (box) => {
      // head does not ignore SIGXFSZ: a file size limit at exactly the tmpfs size killed it (exit 128 + 25).
      const result = await box.run(
        sh(
          'head -c 20M /dev/zero > /tmp/fill; echo "exit $?"; head -c 20M /dev/zero > fill; echo "exit $?"',
          {},
          {
            workDirSizeMb: 8,
          },
        ),
      );
      expect(result.stdout).toBe('exit 1\nexit 1\n');
      expect(result.stderr).toMatch(/No space left on device/);
    },
  );

  boxTest('huge output is truncated', async (box) => {
    const result = await box.run({
      argv: ['python3', '-c', 'while True: print("spam" * 100)'],
      limits: { ...limits, maxOutputBytes: 100_000 },
    });
    expect(result.outputTruncated).toBe(true);
    expect(result.stdout.length).toBeLessThanOrEqual(100_000);
    expect(result.timedOut).toBe(false);
  });

  describe('network', () => {
    let server: Server;
    let port = 0;
    beforeAll(async () => {
      server = createServer((socket) => socket.end('host secret\n'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const connect = (host: string) =>
      [
        'python3',
        '-c',
        [
          'import socket, sys',
          'try:',
          `    s = socket.create_connection(("${host}", int(sys.argv[1])), timeout=2)`,
          '    print("CONNECTED", s.recv(100))',
          'except OSError as e:',
          '    print("FAILED", e)',
        ].join('\n'),
      ] as const;

    boxTest('only loopback exists inside, and the host loopback is out of reach', async (box) => {
      const interfaces = await box.run(sh('tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d " "'));
      expect(interfaces.stdout.trim().split('\n')).toEqual(['lo']);
      const result = await box.run({ argv: [...connect('127.0.0.1'), String(port)], limits });
      expect(result.stdout).toMatch(/^FAILED/);
    });

    boxTest('an outside address cannot be reached (no route leaves the box)', async (box) => {
      // 192.0.2.1 is TEST-NET-1 (documentation only); with only loopback inside, no packet leaves.
      const result = await box.run({ argv: [...connect('192.0.2.1'), '80'], limits });
      expect(result.stdout).toMatch(/^FAILED.*(unreachable|Network)/i);
    });
  });

  boxTest('host secrets, the repository and other boxes are out of sight', async (box, s) => {
    const other = await s.open([{ path: 'secret.txt', content: 'other box secret' }]);
    try {
      const otherHostDir = (other as unknown as { hostDir: string }).hostDir;
      const probes = ['/etc/shadow', '/root', process.cwd(), __dirname, otherHostDir, '/run', '/home'];
      const result = await box.run({
        argv: [
          'sh',
          '-c',
          'for p in "$@"; do ls "$p" >/dev/null 2>&1 && echo "VISIBLE $p"; done; echo done',
          'sh',
          ...probes,
        ],
        limits,
      });
      expect(result.stdout).toBe('done\n');
      const search = await box.run(
        sh('grep -rl "other box secret" /box /tmp /dev/shm /etc /proc/1/cwd/ 2>/dev/null; echo end'),
      );
      expect(search.stdout).toBe('end\n');
    } finally {
      await other.dispose();
    }
  });

  boxTest('nothing outside the work dir, /tmp and /dev/shm is writable', async (box) => {
    const targets = [
      '/x',
      '/usr/x',
      '/usr/local/x',
      '/usr/bin/x',
      '/etc/x',
      '/etc/passwd',
      '/proc/x',
      '/dev/x',
      '/bin/x',
    ];
    const result = await box.run({
      argv: [
        'sh',
        '-c',
        'for t in "$@"; do (echo hi > "$t") 2>/dev/null && echo "WROTE $t"; done; echo done',
        'sh',
        ...targets,
      ],
      limits,
    });
    expect(result.stdout).toBe('done\n');
    const allowed = await box.run(sh('echo a > /box/a && echo b > /tmp/b && echo c > /dev/shm/c && echo ok'));
    expect(allowed.stdout).toBe('ok\n');
  });

  boxTest('no process, /tmp or /dev/shm file outlives its command or its box', async (box, s) => {
    const slot = (box as unknown as { slot: { uid: number } }).slot;
    const started = await box.run(
      sh(
        'nohup sleep 1000 >/dev/null 2>&1 & setsid sh -c "sleep 1000" >/dev/null 2>&1 & echo x > /tmp/t; echo y > /dev/shm/s; echo started',
      ),
    );
    expect(started.stdout).toBe('started\n');
    expect(await processesLeftOf(slot.uid)).toEqual([]);
    const next = await box.run(sh('ls /tmp /dev/shm; ls /proc | grep -c "^[0-9]"'));
    expect(next.stdout).not.toMatch(/\bt\b|\bs\b/);
    // Its own shell, ls and grep, plus bwrap's pid 1: nothing left from the earlier command.
    expect(Number(next.stdout.trim().split('\n').pop())).toBeLessThanOrEqual(4);

    const daemon = await s.open([]);
    const daemonSlot = (daemon as unknown as { slot: { uid: number } }).slot;
    const background = daemon.run(sh('sleep 1000', {}, { timeLimitMs: 20_000 }));
    for (let waited = 0; processesOf(daemonSlot.uid).length === 0 && waited < 5_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(processesOf(daemonSlot.uid).length).toBeGreaterThan(0);
    await daemon.dispose();
    await background;
    expect(await processesLeftOf(daemonSlot.uid)).toEqual([]);
  });

  boxTest(
    'a result file planted as a symlink to a host file or another box is not followed',
    async (box, s) => {
      const other = await s.open([{ path: 'secret.txt', content: 'other box secret' }]);
      try {
        const otherHostDir = (other as unknown as { hostDir: string }).hostDir;
        for (const target of ['/etc/shadow', '/etc/hostname', `${otherHostDir}/secret.txt`]) {
          const result = await box.run({
            argv: ['ln', '-sf', target, 'result.json'],
            limits,
            resultFile: 'result.json',
          });
          expect(result.exitCode).toBe(0);
          expect(result.result).toBe('');
        }
        const hardLink = await box.run(
          sh('ln /etc/passwd linked 2>/dev/null; echo done', { resultFile: 'linked' }),
        );
        expect(hardLink.result).toBe('');
      } finally {
        await other.dispose();
      }
    },
  );

  boxTest(
    'a compile-time trap (#include </dev/random>) ends at the time limit',
    async (box, s) => {
      if (!(await s.hasProgram('g++')))
        return console.warn('[sandbox tests] g++ missing: compile trap skipped');
      const trap = await s.open([{ path: 'main.cpp', content: '#include </dev/random>\nint main() {}\n' }]);
      try {
        const result = await trap.run({
          argv: ['g++', '-o', 'main', 'main.cpp'],
          limits: { ...limits, timeLimitMs: 2_000, memoryLimitMb: 2_048 },
        });
        expect(result.timedOut || result.outOfMemory).toBe(true);
        expect(result.durationMs).toBeLessThan(4_000);
      } finally {
        await trap.dispose();
      }
      expect((await box.run(sh('echo fine'))).stdout).toBe('fine\n');
    },
    15_000,
  );

  it('two boxes running at once do not see each other', async () => {
    if (!sandbox) return;
    const [a, b] = await Promise.all([
      sandbox.open([{ path: 'mine.txt', content: 'box a' }]),
      sandbox.open([{ path: 'mine.txt', content: 'box b' }]),
    ]);
    try {
      const look = 'sleep 0.3; cat mine.txt; echo; ls /box; ls /proc | grep -c "^[0-9]"';
      const [ra, rb] = await Promise.all([a.run(sh(look)), b.run(sh(look))]);
      // Each sees its own file and only its own few processes (bwrap's pid 1, sh, ls, grep).
      expect(ra.stdout.split('\n').slice(0, 2)).toEqual(['box a', 'mine.txt']);
      expect(rb.stdout.split('\n').slice(0, 2)).toEqual(['box b', 'mine.txt']);
      expect(Number(ra.stdout.split('\n')[2])).toBeLessThanOrEqual(4);
    } finally {
      await Promise.all([a.dispose(), b.dispose()]);
    }
  });

  it('open waits for a free slot and answers busy when none frees in time', async () => {
    if (!sandbox) return;
    const small = await BubblewrapSandbox.create({ slots: 1, slotWaitMs: 200 });
    if (typeof small === 'string') throw new Error(small);
    try {
      const first = await small.open([]);
      await expect(small.open([])).rejects.toThrow(/busy/);
      const waiting = small.open([]);
      setTimeout(() => void first.dispose(), 50);
      const second = await waiting;
      await second.dispose();
    } finally {
      await small.close();
    }
  });

  it('keeps nothing of a closed sandbox on the host', async () => {
    if (!sandbox) return;
    const temporary = await BubblewrapSandbox.create({ slots: 1 });
    if (typeof temporary === 'string') throw new Error(temporary);
    const box = await temporary.open([{ path: 'a', content: 'a' }]);
    const hostDir = (box as unknown as { hostDir: string }).hostDir;
    await temporary.close();
    expect(existsSync(hostDir)).toBe(false);
    expect(readFileSync('/proc/self/mountinfo', 'utf8')).not.toContain(hostDir);
  });
});
