/*
 * Long-lived servers in boxes of their own (Sandbox.startServer): the compile servers of the languages
 * (languages/compile-servers.ts) keep a compiler loaded between compiles instead of starting it cold in
 * every run box.
 *
 * In bubblewrap a server runs exactly like a box command (the same chain: cgroups joined as root, rlimits,
 * setpriv to an unprivileged uid, bwrap with every namespace, no capabilities, toolchains read-only, a
 * loopback-only network, fresh /tmp and /dev/shm) but:
 *   - under a uid of its own, claimed machine-wide with an flock beside the run slots (never one of them),
 *     reused by the next server once this one is gone;
 *   - in a cgroup of its own (memory, pids, CPU limits for its whole life);
 *   - with a tmpfs work dir of its own at /box, owned by its uid, unmounted when it ends;
 *   - with stdin and stdout kept open: the caller writes request lines and reads answer lines, each line
 *     at most `maxLineBytes` (a longer one kills the server), stderr kept as a bounded tail.
 * There is no wall clock: the caller times each request and kills the server when one takes too long.
 * The host writes request files into the work dir and reads outputs back with the no-follow readers of
 * box-files.ts, so nothing the server leaves there (a symlink, a FIFO, a hard link) is followed.
 *
 * ProcessSandbox starts servers the same way without any isolation (development only).
 */
import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { boxPathParts, readBoxFiles, writeBoxFiles, type Owner } from './box-files';
import type { BoxCgroup } from './cgroups';
import { MiB, writeFd3 } from './run-child';
import type { BoxCommand, BoxServer, ServerCommand, ServerExit } from './sandbox';
import { claimUids, type Slot } from './slots';

export const DEFAULT_MAX_LINE_BYTES = 8 * MiB;
const STDERR_TAIL_BYTES = 16 * 1024;

/** A box's host command line, and bwrap's options, given on fd 3 rather than on that command line. */
export type BoxLaunch = { argv: string[]; bwrapArgs: Buffer };

/** What launchServer needs to run one server process and to clean up after it. */
export type ServerLaunch = {
  /** The work dir on the host, and as the server sees it. */
  hostDir: string;
  workDir: string;
  owner?: Owner;
  file: string;
  args: string[];
  /** Written to the server's fd 3 (bwrap's `--args 3`), then closed. */
  fd3?: Buffer;
  env: Record<string, string>;
  cwd: string;
  maxLineBytes: number;
  /** Kills every process of the server (its process group, its cgroup). */
  killAll(pid: number): Promise<void>;
  /** Resident memory of the server's processes. */
  memoryBytes(pid: number): Promise<number | undefined>;
  /** After every process is gone: unmount, give the uid back. */
  release(): Promise<void>;
};

/** Spawns a server and wraps it as a BoxServer. */
export function launchServer(launch: ServerLaunch): BoxServer {
  const child = spawn(launch.file, launch.args, {
    cwd: launch.cwd,
    env: launch.env,
    detached: true,
    stdio: launch.fd3 ? ['pipe', 'pipe', 'pipe', 'pipe'] : ['pipe', 'pipe', 'pipe'],
  });
  if (launch.fd3) writeFd3(child, launch.fd3);
  const listeners: ((line: string) => void)[] = [];
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let stderrTail = '';
  let ending: Promise<ServerExit> | undefined;
  let resolveExited!: (exit: ServerExit) => void;
  const exited = new Promise<ServerExit>((resolve) => (resolveExited = resolve));

  const end = (exit: ServerExit): Promise<ServerExit> => {
    ending ??= (async () => {
      if (child.pid !== undefined) await launch.killAll(child.pid).catch(() => undefined);
      child.stdin.destroy();
      child.stdout.destroy();
      child.stderr.destroy();
      await launch.release().catch(() => undefined);
      resolveExited(exit);
      return exit;
    })();
    return ending;
  };

  child.stdout.on('data', (chunk: Buffer) => {
    if (ending) return;
    let from = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, from)) {
      pending.push(chunk.subarray(from, newline));
      const line = Buffer.concat(pending).toString('utf8');
      pending = [];
      pendingBytes = 0;
      from = newline + 1;
      for (const listener of listeners) listener(line);
    }
    if (from < chunk.length) {
      pending.push(chunk.subarray(from));
      pendingBytes += chunk.length - from;
    }
    if (pendingBytes > launch.maxLineBytes) {
      void end({ code: null, signal: 'SIGKILL', reason: `a line longer than ${launch.maxLineBytes} bytes` });
    }
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES);
  });
  child.stdin.on('error', () => undefined);
  child.on('error', (error) => void end({ code: null, signal: null, reason: error.message }));
  child.on('exit', (code, signal) => void end({ code, signal }));

  const hold = (busy: boolean) => {
    for (const handle of [child, child.stdin, child.stdout, child.stderr]) {
      const refs = handle as unknown as { ref?: () => void; unref?: () => void };
      if (busy) refs.ref?.();
      else refs.unref?.();
    }
  };
  hold(false);

  return {
    workDir: launch.workDir,
    writeFiles: (files) => writeBoxFiles(launch.hostDir, files, launch.owner),
    readFiles: (paths, maxBytes) => readBoxFiles(launch.hostDir, paths, maxBytes),
    remove: (path) => rm(join(launch.hostDir, ...boxPathParts(path)), { recursive: true, force: true }),
    send(line) {
      if (ending) return;
      child.stdin.write(`${line}\n`);
    },
    onLine(listener) {
      listeners.push(listener);
    },
    stderrTail: () => stderrTail,
    memoryBytes: () =>
      ending || child.pid === undefined ? Promise.resolve(undefined) : launch.memoryBytes(child.pid),
    hold,
    kill: async () => {
      await end({ code: null, signal: 'SIGKILL', reason: 'killed' });
    },
    exited,
  };
}

/** VmRSS of processes, summed, in bytes (processes gone meanwhile count nothing). */
export async function residentBytes(pids: number[]): Promise<number> {
  let total = 0;
  for (const pid of pids) {
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
    if (kb) total += Number(kb) * 1024;
  }
  return total;
}

/** What the bubblewrap sandbox lends its servers (closures over its private parts). */
export type BubblewrapServerDeps = {
  flock: string;
  /** Where slot locks live (the sandbox's state dir). */
  stateDir: string;
  /** Where the servers' work dirs are mounted. */
  instanceDir: string;
  /** The first uid to try (the sandbox's lowest slot uid: they are held, so the claim goes past them). */
  uidBase(): number;
  systemPath: string;
  /** bwrap's own processes, counted in pids.max on top of the server's. */
  extraProcesses: number;
  createCgroup(label: string): Promise<BoxCgroup>;
  mount(hostDir: string, options: string): Promise<void>;
  unmount(hostDir: string): Promise<void>;
  commandLine(slot: Slot, hostDir: string, command: BoxCommand): BoxLaunch;
};

/** A server uid with its cgroup, claimed once and reused by the servers that follow. */
type Seat = { slot: Slot; cgroup: BoxCgroup; release: () => void };

/** The servers of one BubblewrapSandbox. */
export class BubblewrapServers {
  private readonly seats: Seat[] = [];
  private readonly free: Seat[] = [];
  private readonly live = new Set<BoxServer>();
  private closed = false;

  constructor(private readonly deps: BubblewrapServerDeps) {}

  async start(command: ServerCommand): Promise<BoxServer> {
    if (this.closed) throw new Error('sandbox is closed');
    if (command.argv.length === 0) throw new Error('empty argv');
    const seat = this.free.pop() ?? (await this.claim());
    const { slot, cgroup } = seat;
    const { limits } = command;
    const hostDir = join(this.deps.instanceDir, `box-server-${randomBytes(6).toString('hex')}`);
    let mounted = false;
    try {
      await this.deps.mount(
        hostDir,
        `size=${limits.workDirSizeMb}m,mode=0700,uid=${slot.uid},gid=${slot.gid},nosuid,nodev`,
      );
      mounted = true;
      await writeBoxFiles(hostDir, command.files ?? [], slot);
      await cgroup.killAll();
      await cgroup.setLimits({
        memoryBytes: limits.memoryLimitMb * MiB,
        maxProcesses: limits.maxProcesses + this.deps.extraProcesses,
        cpuCores: limits.cpuCores ?? 1,
      });
      if (this.closed) throw new Error('sandbox is closed');
    } catch (error) {
      if (mounted) await this.deps.unmount(hostDir).catch(() => undefined);
      this.giveBack(seat);
      throw error;
    }
    const { argv, bwrapArgs } = this.deps.commandLine(slot, hostDir, {
      argv: command.argv,
      env: { USER: 'compile-server', ...command.env },
      limits: { ...limits, timeLimitMs: 0 },
    });
    const server = launchServer({
      hostDir,
      workDir: '/box',
      owner: slot,
      file: argv[0],
      args: argv.slice(1),
      fd3: bwrapArgs,
      cwd: '/',
      env: { PATH: this.deps.systemPath, RCE_CGROUPS: cgroup.procsFiles.join(':') },
      maxLineBytes: command.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES,
      killAll: async (pid) => {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // gone already
        }
        await cgroup.killAll();
      },
      memoryBytes: async () => residentBytes(await cgroup.pids()),
      release: async () => {
        this.live.delete(server);
        await this.deps.unmount(hostDir).catch(() => undefined);
        this.giveBack(seat);
      },
    });
    this.live.add(server);
    return server;
  }

  /** Kills every server and gives their uids back. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.live].map((server) => server.kill()));
    for (const seat of this.seats.splice(0)) seat.release();
    this.free.length = 0;
  }

  private async claim(): Promise<Seat> {
    const { uids, release } = await claimUids(this.deps.flock, this.deps.stateDir, this.deps.uidBase(), 1);
    const uid = uids[0];
    try {
      const cgroup = await this.deps.createCgroup(`server-${uid}`);
      const seat = { slot: { index: -1, uid, gid: uid }, cgroup, release };
      this.seats.push(seat);
      return seat;
    } catch (error) {
      release();
      throw error;
    }
  }

  private giveBack(seat: Seat): void {
    if (this.closed) {
      const index = this.seats.indexOf(seat);
      if (index !== -1) this.seats.splice(index, 1);
      seat.release();
    } else if (!this.free.includes(seat)) {
      this.free.push(seat);
    }
  }
}
