/*
 * BubblewrapSandbox: the production sandbox (GUIDE section 4). Each command runs as
 *
 *   sh (joins the command's cgroups; rlimits for file size, open files, no core dumps)
 *     -> setpriv (slot uid/gid, no groups) -> bwrap (every namespace, no capabilities, new session)
 *
 * so the program is an unprivileged uid in its own user, pid, mount, network (loopback only), ipc, uts
 * and cgroup namespaces, sees only read-only toolchains, and cannot outlive the command: the pid
 * namespace dies with it and the command's cgroup is emptied and removed afterwards.
 *
 * The work directory is a tmpfs the host mounts per box (size from workDirSizeMb, owned by the slot uid,
 * nosuid, nodev) and binds at /box in every command of the box, so compile output survives into the run;
 * the host writes the box's files into it before anything of the learner's has run and reads result files
 * from it without following symlinks (box-files.ts). /tmp and /dev/shm are fresh tmpfs per command.
 *
 * Requires root (to switch uids, mount the work dirs and create cgroups), bwrap, util-linux's setpriv,
 * flock, mount and umount, and cgroups with the memory and pids controllers (v1 or v2, see cgroups.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, readdir, readlink, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, constants as osConstants } from 'node:os';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { type BoxLaunch, BubblewrapServers } from './box-server';
import { readBoxFile, readBoxFiles, writeBoxFiles } from './box-files';
import { Cgroups, type BoxCgroup } from './cgroups';
import { DEFAULT_MAX_OPEN_FILES, isOnPath, isRuntimeOutOfMemory, MiB, runChild } from './run-child';
import type {
  Box,
  BoxCommand,
  BoxFile,
  BoxReadResult,
  BoxResult,
  BoxServer,
  Sandbox,
  ServerCommand,
} from './sandbox';
import { MountHelper } from './mounts';
import { claimUids, SlotPool, type Slot } from './slots';

/** A host path bound read-only into every box. */
export type SandboxBind = { hostPath: string; boxPath?: string };

export type BubblewrapSandboxOptions = {
  /** Boxes open at once, each under its own uid; the number of cores when absent. */
  slots?: number;
  /** How long `open` waits for a free slot before SandboxBusyError; 60 s when absent. */
  slotWaitMs?: number;
  /** First slot uid (also the gid); SANDBOX_UID_BASE or 1900000000 when absent. No passwd entry is needed. */
  uidBase?: number;
  /** Host directory for work-dir mounts and slot locks; /run/rce-sandbox when absent. */
  stateDir?: string;
  /** Work-dir size before the first command says otherwise, in MiB. */
  initialWorkDirSizeMb?: number;
  /** More read-only binds (a compiler's jars, a prepared read-only build cache). */
  extraBinds?: SandboxBind[];
};

/** Where commands run inside the box. */
export const BOX_WORK_DIR = '/box';
/** PATH inside the box. */
export const BOX_PATH = '/usr/local/go/bin:/usr/local/bin:/usr/bin:/bin';
const DEFAULT_UID_BASE = 1_900_000_000;
/** bwrap's outer process and its pid-1 monitor count in pids.max too. */
const BWRAP_PROCESSES = 2;
/** The fd bwrap reads its options from (`--args`). */
const BWRAP_ARGS_FD = 3;

const SYSTEM_PATH = '/usr/sbin:/usr/bin:/sbin:/bin';
const SYSTEM_DIRS = SYSTEM_PATH.split(':');
/** /etc pieces the toolchains read; everything else of /etc stays out. */
const ETC_ENTRIES = [
  'alternatives',
  'ld.so.cache',
  'ld.so.conf',
  'ld.so.conf.d',
  'nsswitch.conf',
  'localtime',
  'mono',
  /^java-\d+-openjdk$/,
  /^python3(\.\d+)?$/,
];

type Tools = { bwrap: string; setpriv: string; flock: string; mount: string; umount: string };

/** Answers why bubblewrap cannot be used here, or the tools it needs. */
async function findTools(): Promise<Tools | string> {
  if (process.platform !== 'linux') return 'not Linux';
  if (process.getuid?.() !== 0) return 'the service does not run as root (needed for slot uids and cgroups)';
  const tools: Partial<Tools> = {};
  for (const name of ['bwrap', 'setpriv', 'flock', 'mount', 'umount'] as const) {
    const dir = await firstDirWith(name, SYSTEM_DIRS);
    if (!dir) return `${name} is missing${name === 'bwrap' ? ' (node infra/dist/ensure-sandbox.js)' : ''}`;
    tools[name] = join(dir, name);
  }
  return tools as Tools;
}

async function firstDirWith(name: string, dirs: string[]): Promise<string | undefined> {
  for (const dir of dirs) if (await isOnPath(name, [dir])) return dir;
  return undefined;
}

export class BubblewrapSandbox implements Sandbox {
  readonly kind = 'bubblewrap' as const;
  private readonly boxes = new Set<BubblewrapBox>();
  private readonly programs = new Map<string, Promise<boolean>>();
  /** A work dir mounted ahead for each slot's next box. */
  private readonly spares = new Map<number, Promise<string | undefined>>();
  private readonly pending = new Set<Promise<void>>();
  /** Read-only binds of toolchains outside the system dirs (set once, right after construction). */
  extraBindArgs: string[] = [];
  /** One cgroup per slot, reused by all its commands. */
  private readonly slotCgroups = new Map<number, BoxCgroup>();
  private readonly mounts = new MountHelper(SYSTEM_PATH);
  private closed = false;
  /** Long-lived servers (box-server.ts), each under a uid of its own beside the slots. */
  private servers: BubblewrapServers | undefined;

  private constructor(
    private readonly tools: Tools,
    private readonly cgroups: Cgroups,
    private readonly pool: SlotPool,
    private readonly releaseUids: () => void,
    private readonly instanceDir: string,
    private readonly baseArgs: string[],
    private readonly initialWorkDirSizeMb: number,
  ) {}

  /** The sandbox, or why it cannot run on this machine. */
  static async create(options: BubblewrapSandboxOptions = {}): Promise<BubblewrapSandbox | string> {
    const tools = await findTools();
    if (typeof tools === 'string') return tools;
    const cgroups = await Cgroups.detect();
    if (typeof cgroups === 'string') return cgroups;
    const stateDir = options.stateDir ?? '/run/rce-sandbox';
    const instanceDir = join(stateDir, `i-${process.pid}-${randomBytes(4).toString('hex')}`);
    let releaseUids = () => undefined as void;
    try {
      await mkdir(stateDir, { recursive: true, mode: 0o711 });
      await chmod(stateDir, 0o711);
      await sweepStaleInstances(stateDir, tools);
      const slotCount = Math.max(1, options.slots ?? availableParallelism());
      const uidBase = options.uidBase ?? (Number(process.env.SANDBOX_UID_BASE) || DEFAULT_UID_BASE);
      const { uids, release } = await claimUids(tools.flock, stateDir, uidBase, slotCount);
      releaseUids = release;
      await mkdir(instanceDir, { mode: 0o711 });
      await chmod(instanceDir, 0o711);
      const etc = await prepareEtc(instanceDir, uids);
      const sandbox = new BubblewrapSandbox(
        tools,
        cgroups,
        new SlotPool(uids, options.slotWaitMs ?? 60_000),
        release,
        instanceDir,
        await toolchainArgs(etc),
        options.initialWorkDirSizeMb ?? 64,
      );
      // After the box's own /tmp in each command: a toolchain under the host's /tmp (a checkout in
      // /tmp, say) would otherwise be hidden by that tmpfs.
      sandbox.extraBindArgs = (options.extraBinds ?? []).flatMap((bind) => [
        '--ro-bind',
        bind.hostPath,
        bind.boxPath ?? bind.hostPath,
      ]);
      for (const uid of uids) sandbox.slotCgroups.set(uid, await cgroups.create(`slot-${uid}`));
      const smoke = await sandbox.probe();
      if (smoke) {
        await sandbox.close();
        return smoke;
      }
      return sandbox;
    } catch (error) {
      releaseUids();
      await rm(instanceDir, { recursive: true, force: true }).catch(() => undefined);
      await cgroups.close().catch(() => undefined);
      return `bubblewrap sandbox failed to start: ${(error as Error).message}`;
    }
  }

  get slots(): number {
    return this.pool.size;
  }

  async open(files: BoxFile[]): Promise<Box> {
    if (this.closed) throw new Error('sandbox is closed');
    const slot = await this.pool.acquire();
    let hostDir: string | undefined;
    try {
      const spare = this.spares.get(slot.uid);
      this.spares.delete(slot.uid);
      hostDir = (await spare) ?? (await this.mountWorkDir(slot));
      await writeBoxFiles(hostDir, files, slot);
      const box = new BubblewrapBox(this, slot, hostDir, this.initialWorkDirSizeMb);
      this.boxes.add(box);
      return box;
    } catch (error) {
      if (hostDir) await this.unmountWorkDir(hostDir);
      this.pool.release(slot);
      throw error;
    }
  }

  /** A fresh tmpfs for a box's work dir, owned by the slot uid. */
  private async mountWorkDir(slot: Slot): Promise<string> {
    const hostDir = join(this.instanceDir, `box-${randomBytes(6).toString('hex')}`);
    const options = `size=${this.initialWorkDirSizeMb}m,mode=0700,uid=${slot.uid},gid=${slot.gid},nosuid,nodev`;
    try {
      await this.mounts.mount(hostDir, options);
      return hostDir;
    } catch (error) {
      await this.unmountWorkDir(hostDir);
      throw error;
    }
  }

  /** @internal Detaches a work dir's tmpfs (its content goes with it) and removes the mount point. */
  async unmountWorkDir(hostDir: string): Promise<void> {
    await this.mounts.unmount(hostDir).catch(async () => {
      await this.exec(this.tools.umount, ['-l', hostDir]).catch(() => undefined);
      await rm(hostDir, { recursive: true, force: true }).catch(() => undefined);
    });
  }

  /** @internal Resizes a work dir's tmpfs; fails when it already holds more. */
  resizeWorkDir(hostDir: string, sizeMb: number): Promise<void> {
    return this.mounts.remount(hostDir, `size=${sizeMb}m`);
  }

  /** Host work that need not hold up the caller (spawning blocks); close() waits for it. */
  private inBackground(work: () => Promise<unknown>): Promise<void> {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .then(() => undefined)
      .catch(() => undefined);
    this.pending.add(task);
    void task.finally(() => this.pending.delete(task));
    return task;
  }

  /**
   * @internal After a box: its tmpfs is detached, and the slot's next box gets a fresh one mounted ahead,
   * both off the caller's path.
   */
  recycle(box: BubblewrapBox, slot: Slot, hostDir: string): void {
    this.boxes.delete(box);
    if (!this.closed && !this.spares.has(slot.uid)) {
      let mounted: string | undefined;
      const spare = this.inBackground(async () => (mounted = await this.mountWorkDir(slot)));
      this.spares.set(
        slot.uid,
        spare.then(() => mounted),
      );
    }
    this.pool.release(slot);
    void this.inBackground(() => this.unmountWorkDir(hostDir));
  }

  /** A long-lived server in a box of its own (box-server.ts); close() kills it. */
  startServer(command: ServerCommand): Promise<BoxServer> {
    if (this.closed) return Promise.reject(new Error('sandbox is closed'));
    this.servers ??= new BubblewrapServers({
      flock: this.tools.flock,
      stateDir: dirname(this.instanceDir),
      instanceDir: this.instanceDir,
      uidBase: () => Math.min(...this.slotCgroups.keys()),
      systemPath: SYSTEM_PATH,
      extraProcesses: BWRAP_PROCESSES,
      createCgroup: (label) => this.cgroups.create(label),
      mount: (hostDir, options) => this.mounts.mount(hostDir, options),
      unmount: (hostDir) => this.unmountWorkDir(hostDir),
      commandLine: (slot, hostDir, command) => this.commandLine(slot, hostDir, command),
    });
    return this.servers.start(command);
  }

  hasProgram(name: string): Promise<boolean> {
    if (!/^[\w.+-]+$/.test(name)) return Promise.resolve(false);
    let answer = this.programs.get(name);
    if (!answer) {
      answer = this.checkProgram(name);
      this.programs.set(name, answer);
    }
    return answer;
  }

  private async checkProgram(name: string): Promise<boolean> {
    const box = await this.open([]);
    try {
      const result = await box.run({
        argv: ['sh', '-c', 'command -v "$1"', 'sh', name],
        limits: {
          timeLimitMs: 10_000,
          memoryLimitMb: 64,
          maxProcesses: 8,
          maxOutputBytes: 4096,
          workDirSizeMb: 1,
        },
      });
      return result.exitCode === 0;
    } finally {
      await box.dispose();
    }
  }

  /** Disposes every open box, gives the uids back and removes this instance's mounts and cgroups. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.servers?.close();
    for (const box of [...this.boxes]) await box.dispose();
    for (const spare of this.spares.values()) {
      const hostDir = await spare;
      if (hostDir) await this.unmountWorkDir(hostDir);
    }
    this.spares.clear();
    while (this.pending.size > 0) await Promise.all([...this.pending]);
    this.releaseUids();
    this.mounts.close();
    await rm(this.instanceDir, { recursive: true, force: true });
    await this.cgroups.close();
  }

  /** Runs `true` in a box: undefined when the whole chain works, else what failed. */
  private async probe(): Promise<string | undefined> {
    const box = await this.open([]);
    try {
      const result = await box.run({
        argv: ['sh', '-c', 'test "$(id -u)" != 0 && grep -q "^CapEff:[[:space:]]*0*$" /proc/self/status'],
        limits: {
          timeLimitMs: 15_000,
          memoryLimitMb: 64,
          maxProcesses: 8,
          maxOutputBytes: 4096,
          workDirSizeMb: 1,
        },
      });
      if (result.exitCode === 0) return undefined;
      return `bubblewrap smoke box failed (exit ${result.exitCode}): ${result.stderr.trim().slice(0, 500)}`;
    } finally {
      await box.dispose();
    }
  }

  /** @internal */
  cgroupOf(slot: Slot): BoxCgroup {
    const cgroup = this.slotCgroups.get(slot.uid);
    if (!cgroup) throw new Error(`no cgroup for slot uid ${slot.uid}`);
    return cgroup;
  }

  /**
   * @internal The host command for one box command, up to the program's argv. bwrap's own options (every
   * host path: the binds, the work dir) go in on fd 3 (`--args 3`), not on its command line: the box's pid
   * 1 is a bwrap, and its command line is readable in the box.
   */
  commandLine(slot: Slot, hostDir: string, command: BoxCommand): BoxLaunch {
    const { limits } = command;
    const size = String(limits.workDirSizeMb * MiB);
    const env = {
      PATH: BOX_PATH,
      HOME: BOX_WORK_DIR,
      TMPDIR: '/tmp',
      LANG: 'C.UTF-8',
      USER: `runner-${slot.index}`,
      ...command.env,
    };
    // One shell as root before the uid switch: join the command's cgroups (no fork can escape them, as
    // nothing has run yet) and set the rlimits (POSIX sh counts -f in 512-byte blocks). The file size limit
    // is a MiB above the tmpfs size, so a full disk is ENOSPC (an error the program sees and reports) rather
    // than a SIGXFSZ kill at exactly the size; every writable place is a tmpfs of that size anyway.
    const script =
      'IFS=:; for f in $RCE_CGROUPS; do echo $$ > "$f" || { echo "sandbox: cannot join $f" >&2; exit 125; }; done; ' +
      `ulimit -f ${Math.ceil(((limits.workDirSizeMb + 1) * MiB) / 512)} && ` +
      `ulimit -n ${limits.maxOpenFiles ?? DEFAULT_MAX_OPEN_FILES} && ulimit -c 0 && exec "$@"`;
    const options = [
      ...this.baseArgs,
      '--size',
      size,
      '--tmpfs',
      '/tmp',
      '--size',
      size,
      '--tmpfs',
      '/dev/shm',
      ...this.extraBindArgs,
      '--remount-ro',
      '/dev',
      '--bind',
      hostDir,
      BOX_WORK_DIR,
      '--chdir',
      BOX_WORK_DIR,
      '--remount-ro',
      '/',
      '--clearenv',
      ...Object.entries(env).flatMap(([key, value]) => ['--setenv', key, value]),
    ];
    return {
      argv: [
        '/bin/sh',
        '-c',
        script,
        'rce-box',
        this.tools.setpriv,
        `--reuid=${slot.uid}`,
        `--regid=${slot.gid}`,
        '--clear-groups',
        '--',
        this.tools.bwrap,
        '--args',
        String(BWRAP_ARGS_FD),
        '--',
        ...command.argv,
      ],
      bwrapArgs: Buffer.from(options.map((option) => `${option}\0`).join('')),
    };
  }

  private exec(file: string, args: string[]): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(file, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { PATH: SYSTEM_PATH } });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0
          ? resolve()
          : reject(new Error(`${file} ${args.join(' ')}: exit ${code}: ${stderr.trim()}`)),
      );
    });
  }
}

class BubblewrapBox implements Box {
  readonly workDir = BOX_WORK_DIR;
  private disposed = false;
  private running = false;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly sandbox: BubblewrapSandbox,
    private readonly slot: Slot,
    private readonly hostDir: string,
    private workDirSizeMb: number,
  ) {}

  /** Commands of a box run one after another: they share the slot's cgroup. */
  run(command: BoxCommand): Promise<BoxResult> {
    const result = this.queue.then(() => this.runNow(command));
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** After the box's commands so far: every process of theirs has been killed by then. */
  readFiles(paths: string[], maxBytes: number): Promise<BoxReadResult> {
    const result = this.queue.then(() => {
      if (this.disposed) throw new Error('box is disposed');
      return readBoxFiles(this.hostDir, paths, maxBytes);
    });
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async runNow(command: BoxCommand): Promise<BoxResult> {
    if (this.disposed) throw new Error('box is disposed');
    if (command.argv.length === 0) throw new Error('empty argv');
    const { limits } = command;
    if (limits.workDirSizeMb !== this.workDirSizeMb) {
      // Shrinking below what is stored already fails; the box then keeps its larger size.
      await this.sandbox
        .resizeWorkDir(this.hostDir, limits.workDirSizeMb)
        .then(() => (this.workDirSizeMb = limits.workDirSizeMb))
        .catch(() => undefined);
    }
    const cgroup = this.sandbox.cgroupOf(this.slot);
    try {
      await cgroup.setLimits({
        memoryBytes: limits.memoryLimitMb * MiB,
        maxProcesses: limits.maxProcesses + BWRAP_PROCESSES,
        cpuCores: limits.cpuCores ?? 1,
      });
    } catch (error) {
      // cgroup v1 refuses a memory limit below what the box's files already take.
      return {
        exitCode: null,
        signal: null,
        stdout: '',
        stderr: `sandbox: cannot set the limits (${(error as Error).message})`,
        result: '',
        timedOut: false,
        outOfMemory: true,
        processLimitHit: false,
        outputTruncated: false,
        durationMs: 0,
      };
    }
    const before = await cgroup.counters();
    // Checked right before the (synchronous) spawn: dispose either sees this command running or stops it here.
    if (this.disposed) throw new Error('box is disposed');
    this.running = true;
    let kills: Promise<void> = Promise.resolve();
    try {
      const { argv, bwrapArgs } = this.sandbox.commandLine(this.slot, this.hostDir, command);
      const outcome = await runChild({
        file: argv[0],
        args: argv.slice(1),
        fd3: bwrapArgs,
        cwd: '/',
        env: { PATH: SYSTEM_PATH, RCE_CGROUPS: cgroup.procsFiles.join(':') },
        stdin: command.stdin,
        timeLimitMs: limits.timeLimitMs,
        maxOutputBytes: limits.maxOutputBytes,
        // Kills run one after another and the command is over only when the last has finished: a kill
        // still sweeping the slot's cgroup would otherwise hit the next command's processes.
        killAll: (pid) => {
          kills = kills.then(async () => {
            try {
              process.kill(-pid, 'SIGKILL');
            } catch {
              // gone already
            }
            await cgroup.killAll();
          });
          return kills;
        },
      });
      const usage = await cgroup.usage(before);
      const result = command.resultFile
        ? await readBoxFile(this.hostDir, command.resultFile, limits.maxOutputBytes)
        : { content: '', truncated: false };
      // bwrap answers a program killed by signal N with exit code 128 + N, as a shell does.
      const signalled =
        outcome.signal === null && outcome.exitCode !== null ? signalOf(outcome.exitCode) : null;
      const settled = signalled ? { ...outcome, exitCode: null, signal: signalled } : outcome;
      return {
        ...settled,
        result: result.content,
        outputTruncated: outcome.outputTruncated || result.truncated,
        outOfMemory: usage.outOfMemory || isRuntimeOutOfMemory(outcome),
        processLimitHit: usage.processLimitHit,
      };
    } finally {
      await kills.catch(() => undefined);
      await cgroup.killAll();
      this.running = false;
    }
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    try {
      if (this.running) await this.sandbox.cgroupOf(this.slot).killAll();
      // A command still starting up must not begin once the slot is given back.
      await this.queue;
    } finally {
      this.sandbox.recycle(this, this.slot, this.hostDir);
    }
  }
}

function signalOf(exitCode: number): string | null {
  if (exitCode <= 128 || exitCode > 128 + 64) return null;
  const entry = Object.entries(osConstants.signals).find(([, number]) => number === exitCode - 128);
  return entry ? entry[0] : null;
}

/**
 * The box's /etc, prepared once per sandbox and bound read-only: copies of only what toolchains read
 * (symlinks kept as they are), and a passwd/group naming root, nobody and one runner per slot uid. One
 * bind instead of one per entry keeps bwrap's start-up short.
 */
async function prepareEtc(instanceDir: string, uids: number[]): Promise<string> {
  const etc = join(instanceDir, 'etc');
  await mkdir(etc, { mode: 0o755 });
  for (const entry of await readdir('/etc').catch(() => [] as string[])) {
    const wanted = ETC_ENTRIES.some((rule) => (typeof rule === 'string' ? rule === entry : rule.test(entry)));
    if (wanted) await cp(`/etc/${entry}`, join(etc, entry), { recursive: true, verbatimSymlinks: true });
  }
  const runners = uids.map((uid, index) => ({ name: `runner-${index}`, uid }));
  const passwd = [
    'root:x:0:0:root:/root:/usr/sbin/nologin',
    ...runners.map(({ name, uid }) => `${name}:x:${uid}:${uid}:sandbox:${BOX_WORK_DIR}:/bin/sh`),
    'nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin',
  ];
  const group = ['root:x:0:', ...runners.map(({ name, uid }) => `${name}:x:${uid}:`), 'nogroup:x:65534:'];
  await writeFile(join(etc, 'passwd'), `${passwd.join('\n')}\n`, { mode: 0o644 });
  await writeFile(join(etc, 'group'), `${group.join('\n')}\n`, { mode: 0o644 });
  return etc;
}

/**
 * The bwrap arguments every command shares: namespaces, no capabilities, toolchains read-only. /usr is
 * bound whole except /usr/local, of which only Go, Python's local libraries and (when Node is installed
 * outside /usr/bin) this process's node binary go in. /etc is the prepared copy.
 */
async function toolchainArgs(etc: string): Promise<string[]> {
  const args = [
    '--unshare-all',
    '--unshare-user',
    '--disable-userns',
    '--new-session',
    '--die-with-parent',
    '--cap-drop',
    'ALL',
    '--hostname',
    'box',
    '--ro-bind',
    '/usr',
    '/usr',
  ];
  for (const dir of ['bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32']) {
    if (!existsSync(`/${dir}`)) continue;
    const target = await readlink(`/${dir}`).catch(() => undefined);
    args.push(...(target ? ['--symlink', target, `/${dir}`] : ['--ro-bind', `/${dir}`, `/${dir}`]));
  }
  args.push('--tmpfs', '/usr/local');
  for (const local of ['/usr/local/go', '/usr/local/lib']) {
    if (existsSync(local)) args.push('--ro-bind', local, local);
  }
  if (!process.execPath.startsWith('/usr/bin/') && !process.execPath.startsWith('/bin/')) {
    args.push('--ro-bind', process.execPath, '/usr/local/bin/node');
  }
  args.push('--remount-ro', '/usr/local', '--ro-bind', etc, '/etc');
  args.push('--proc', '/proc', '--dev', '/dev');
  return args;
}

/** Unmounts and removes work dirs of service processes that died without closing their sandbox. */
async function sweepStaleInstances(stateDir: string, tools: Tools): Promise<void> {
  for (const entry of await readdir(stateDir).catch(() => [] as string[])) {
    const pid = Number(/^i-(\d+)-/.exec(entry)?.[1]);
    if (!pid || isRunning(pid)) continue;
    const dir = join(stateDir, entry);
    for (const box of await readdir(dir).catch(() => [] as string[])) {
      if (!box.startsWith('box-')) continue;
      await new Promise<void>((resolve) =>
        spawn(tools.umount, ['-l', join(dir, box)], { stdio: 'ignore' })
          .on('close', () => resolve())
          .on('error', () => resolve()),
      );
    }
    await rm(dir, { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
