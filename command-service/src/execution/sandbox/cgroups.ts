/*
 * Memory, process and CPU limits for a box through cgroups, v1 or v2, found from /proc/self/cgroup and
 * /proc/self/mountinfo (so cgroup namespaces and odd mount points work).
 *
 * Where the box cgroups live: under the service's own cgroup, in `rce-sandbox-<pid>/` (one per service
 * process), one child per slot, reused by every command of the slot (a fresh cgroup per command costs
 * about 9 ms more per command on a busy machine: the first process to join a new cgroup pays for it). v1: that directory is made in the memory, pids and (when mounted)
 * cpu hierarchies. v2: one directory; the controllers must be enabled in the parent's
 * cgroup.subtree_control, which the "no internal processes" rule forbids in a non-root cgroup that holds
 * processes (the service's own), so the sibling of the service's cgroup is tried next; SANDBOX_CGROUP_PARENT
 * names a delegated cgroup explicitly. Directories of dead service processes are swept at start.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, rmdir } from 'node:fs/promises';
import { join } from 'node:path';

export type CgroupVersion = 'v1' | 'v2';
export type CgroupLimits = { memoryBytes: number; maxProcesses: number; cpuCores: number };
export type CgroupUsage = { outOfMemory: boolean; processLimitHit: boolean };
export type CgroupCounters = { pidsMax: number; oomKills: number; limitHits: number };

type Controller = 'memory' | 'pids' | 'cpu';
/** Directory per controller; in v2 all three are the same directory. */
type ControllerDirs = { memory: string; pids: string; cpu?: string };

const INSTANCE_PREFIX = 'rce-sandbox-';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The cgroup of one slot: each command of the slot's boxes runs in it, one at a time. */
export class BoxCgroup {
  constructor(
    readonly version: CgroupVersion,
    private readonly dirs: ControllerDirs,
  ) {}

  /** The cgroup.procs files a process writes its pid into to join this cgroup. */
  get procsFiles(): string[] {
    return this.uniqueDirs().map((dir) => join(dir, 'cgroup.procs'));
  }

  async setLimits(limits: CgroupLimits): Promise<void> {
    const { memory, pids, cpu } = this.dirs;
    const period = 100_000;
    const quota = Math.max(1_000, Math.round(limits.cpuCores * period));
    if (this.version === 'v1') {
      // memsw may never be below the plain limit: lift it, set the limit, then bring it down to match.
      const memsw = join(memory, 'memory.memsw.limit_in_bytes');
      const hasMemsw = await writeOptional(memsw, '-1');
      await writeFile(join(memory, 'memory.limit_in_bytes'), String(limits.memoryBytes));
      if (hasMemsw) await writeFile(memsw, String(limits.memoryBytes));
      await writeOptional(join(memory, 'memory.swappiness'), '0');
      await writeFile(join(pids, 'pids.max'), String(limits.maxProcesses + (await this.unreaped())));
      if (cpu) {
        await writeFile(join(cpu, 'cpu.cfs_period_us'), String(period));
        await writeFile(join(cpu, 'cpu.cfs_quota_us'), String(quota));
      }
    } else {
      await writeFile(join(memory, 'memory.max'), String(limits.memoryBytes));
      await writeOptional(join(memory, 'memory.swap.max'), '0');
      await writeOptional(join(memory, 'memory.oom.group'), '1');
      await writeFile(join(pids, 'pids.max'), String(limits.maxProcesses + (await this.unreaped())));
      if (cpu) await writeFile(join(cpu, 'cpu.max'), `${quota} ${period}`);
    }
  }

  /**
   * Tasks the pids controller still charges although nothing runs: the previous command's exited
   * processes (bwrap's pid 1 among them) stay charged until init reaps them, which can take a second.
   * They cannot fork, so they are added to the limit instead of waited for.
   */
  private async unreaped(): Promise<number> {
    if ((await this.pids()).length > 0) return 0;
    return Number((await readOptional(join(this.dirs.pids, 'pids.current'))).trim() || 0);
  }

  /** Event counters, cumulative over the cgroup's life: compare two readings to judge one command. */
  async counters(): Promise<CgroupCounters> {
    const { memory, pids } = this.dirs;
    const pidsMax = keyedValue(await readOptional(join(pids, 'pids.events')), 'max');
    if (this.version === 'v1') {
      const oomControl = await readOptional(join(memory, 'memory.oom_control'));
      return {
        pidsMax,
        oomKills: keyedValue(oomControl, 'oom_kill'),
        // Kernels without the oom_kill counter: the limit was hit (and, without swap, not reclaimed).
        limitHits: oomControl.includes('oom_kill ')
          ? 0
          : Number((await readOptional(join(memory, 'memory.failcnt'))).trim() || 0),
      };
    }
    const events = await readOptional(join(memory, 'memory.events'));
    return { pidsMax, oomKills: keyedValue(events, 'oom_kill') + keyedValue(events, 'oom'), limitHits: 0 };
  }

  /** What happened since `before` (since the cgroup was made when absent). */
  async usage(before: CgroupCounters = { pidsMax: 0, oomKills: 0, limitHits: 0 }): Promise<CgroupUsage> {
    const now = await this.counters();
    return {
      outOfMemory: now.oomKills > before.oomKills || now.limitHits > before.limitHits,
      processLimitHit: now.pidsMax > before.pidsMax,
    };
  }

  /** SIGKILLs every process in the cgroup until none is left (a fork bomb is bounded by pids.max). */
  async killAll(): Promise<void> {
    if (this.version === 'v2' && existsSync(join(this.dirs.pids, 'cgroup.kill'))) {
      await writeOptional(join(this.dirs.pids, 'cgroup.kill'), '1');
    }
    for (let attempt = 0; attempt < 400; attempt++) {
      const pids = await this.pids();
      if (pids.length === 0) return;
      for (const pid of pids) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone already
        }
      }
      await sleep(attempt < 20 ? 1 : 10);
    }
  }

  async pids(): Promise<number[]> {
    const all = new Set<number>();
    for (const file of this.procsFiles) {
      for (const line of (await readOptional(file)).split('\n')) if (line.trim()) all.add(Number(line));
    }
    return [...all];
  }

  /** Kills what is left and removes the cgroup. */
  async remove(): Promise<void> {
    await this.killAll();
    for (const dir of this.uniqueDirs()) await removeCgroupDir(dir);
  }

  private uniqueDirs(): string[] {
    return [...new Set([this.dirs.memory, this.dirs.pids, ...(this.dirs.cpu ? [this.dirs.cpu] : [])])];
  }
}

export type CgroupSource = { procSelfCgroup: string; mountinfo: string; pid: number };

/** The service process's cgroups: where box cgroups are made. */
export class Cgroups {
  private counter = 0;

  private constructor(
    readonly version: CgroupVersion,
    private readonly instanceDirs: ControllerDirs,
  ) {}

  /**
   * Finds usable cgroups (memory and pids at least) and makes this process's instance directory, or
   * answers why not.
   */
  static async detect(
    source?: CgroupSource,
    parentOverride = process.env.SANDBOX_CGROUP_PARENT,
  ): Promise<Cgroups | string> {
    const { procSelfCgroup, mountinfo, pid } = source ?? {
      procSelfCgroup: await readOptional('/proc/self/cgroup'),
      mountinfo: await readOptional('/proc/self/mountinfo'),
      pid: process.pid,
    };
    const mounts = parseMountinfo(mountinfo);
    const memberships = parseProcCgroup(procSelfCgroup);
    const v1Memory = mounts.find((m) => m.fsType === 'cgroup' && m.superOptions.includes('memory'));
    try {
      if (v1Memory) return await Cgroups.detectV1(mounts, memberships, pid);
      const v2 = mounts.find((m) => m.fsType === 'cgroup2');
      if (!v2) return 'no cgroup file system is mounted';
      return await Cgroups.detectV2(v2, memberships, pid, parentOverride);
    } catch (error) {
      return `cgroups are not usable: ${(error as Error).message}`;
    }
  }

  private static async detectV1(mounts: Mount[], memberships: Membership[], pid: number) {
    const dirFor = (controller: Controller): string | undefined => {
      const mount = mounts.find((m) => m.fsType === 'cgroup' && m.superOptions.includes(controller));
      const member = memberships.find((m) => m.controllers.includes(controller));
      if (!mount || !member) return undefined;
      return join(mount.mountPoint, relativeTo(member.path, mount.root));
    };
    const memory = dirFor('memory');
    const pids = dirFor('pids');
    if (!memory || !pids) return 'cgroup v1 without both the memory and the pids controller';
    const cpu = dirFor('cpu');
    const name = `${INSTANCE_PREFIX}${pid}`;
    const dirs: ControllerDirs = { memory: join(memory, name), pids: join(pids, name) };
    if (cpu) dirs.cpu = join(cpu, name);
    for (const parent of [memory, pids, ...(cpu ? [cpu] : [])]) await sweepStale(parent);
    for (const dir of new Set(Object.values(dirs))) await mkdir(dir, { recursive: true });
    return new Cgroups('v1', dirs);
  }

  private static async detectV2(
    mount: Mount,
    memberships: Membership[],
    pid: number,
    parentOverride: string | undefined,
  ): Promise<Cgroups | string> {
    const member = memberships.find((m) => m.hierarchy === '0');
    if (!member) return 'not a member of the cgroup v2 hierarchy';
    const own = join(mount.mountPoint, relativeTo(member.path, mount.root));
    const candidates = parentOverride
      ? [parentOverride]
      : own === mount.mountPoint
        ? [own]
        : [own, join(own, '..')];
    const problems: string[] = [];
    for (const parent of candidates) {
      const available = (await readOptional(join(parent, 'cgroup.controllers'))).split(/\s+/);
      if (!available.includes('memory') || !available.includes('pids')) {
        problems.push(`${parent}: memory or pids controller not available`);
        continue;
      }
      try {
        await writeFile(join(parent, 'cgroup.subtree_control'), '+memory +pids');
        const hasCpu =
          available.includes('cpu') && (await writeOptional(join(parent, 'cgroup.subtree_control'), '+cpu'));
        await sweepStale(parent);
        const dir = join(parent, `${INSTANCE_PREFIX}${pid}`);
        await mkdir(dir, { recursive: true });
        await writeFile(join(dir, 'cgroup.subtree_control'), hasCpu ? '+memory +pids +cpu' : '+memory +pids');
        return new Cgroups('v2', { memory: dir, pids: dir, ...(hasCpu ? { cpu: dir } : {}) });
      } catch (error) {
        problems.push(`${parent}: ${(error as Error).message}`);
      }
    }
    return `cgroup v2: no delegated parent (${problems.join('; ')}); set SANDBOX_CGROUP_PARENT`;
  }

  async create(label: string): Promise<BoxCgroup> {
    const name = `${label}-${++this.counter}`;
    const dirs: ControllerDirs = {
      memory: join(this.instanceDirs.memory, name),
      pids: join(this.instanceDirs.pids, name),
      ...(this.instanceDirs.cpu ? { cpu: join(this.instanceDirs.cpu, name) } : {}),
    };
    const cgroup = new BoxCgroup(this.version, dirs);
    for (const dir of new Set(Object.values(dirs))) await mkdir(dir);
    return cgroup;
  }

  /** Removes this process's instance directories with whatever is left in them. */
  async close(): Promise<void> {
    for (const dir of new Set(Object.values(this.instanceDirs))) await removeTree(dir);
  }
}

/** Removes `rce-sandbox-<pid>` directories of processes that no longer run. */
async function sweepStale(parent: string): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(parent);
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.startsWith(INSTANCE_PREFIX)) continue;
    const pid = Number(entry.slice(INSTANCE_PREFIX.length));
    if (Number.isInteger(pid) && pid > 0 && !isRunning(pid)) await removeTree(join(parent, entry));
  }
}

/** Kills every process in a cgroup directory tree and removes it, children first. */
async function removeTree(dir: string): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(dir, { withFileTypes: true }).then((list) =>
      list.filter((e) => e.isDirectory()).map((e) => e.name),
    );
  } catch {
    return;
  }
  for (const child of entries) await removeTree(join(dir, child));
  await removeCgroupDir(dir);
}

async function removeCgroupDir(dir: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    for (const line of (await readOptional(join(dir, 'cgroup.procs'))).split('\n')) {
      if (!line.trim()) continue;
      try {
        process.kill(Number(line), 'SIGKILL');
      } catch {
        // gone already
      }
    }
    try {
      await rmdir(dir);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return;
      if (code !== 'EBUSY') throw error;
      await sleep(10);
    }
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

type Mount = { root: string; mountPoint: string; fsType: string; superOptions: string[] };
type Membership = { hierarchy: string; controllers: string[]; path: string };

export function parseMountinfo(text: string): Mount[] {
  const unescape = (value: string) =>
    value.replace(/\\([0-7]{3})/g, (_, octal) => String.fromCharCode(parseInt(octal, 8)));
  return text
    .split('\n')
    .filter((line) => line.includes(' - '))
    .map((line) => {
      const [before, after] = line.split(' - ');
      const fields = before.split(' ');
      const [fsType, , superOptions = ''] = after.split(' ');
      return {
        root: unescape(fields[3]),
        mountPoint: unescape(fields[4]),
        fsType,
        superOptions: superOptions.split(','),
      };
    });
}

export function parseProcCgroup(text: string): Membership[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [hierarchy, controllers, ...path] = line.split(':');
      return { hierarchy, controllers: controllers.split(','), path: path.join(':') };
    });
}

function relativeTo(path: string, root: string): string {
  if (root === '/' || !path.startsWith(root)) return path;
  return path.slice(root.length) || '/';
}

function keyedValue(text: string, key: string): number {
  const match = new RegExp(`^${key} (\\d+)$`, 'm').exec(text);
  return match ? Number(match[1]) : 0;
}

/*
 * cgroup files are small kernel pseudo-files: synchronous access takes microseconds, where a round trip
 * through libuv's thread pool costs a fraction of a millisecond each, several times per command.
 */
async function writeFile(path: string, value: string): Promise<void> {
  writeFileSync(path, value);
}

async function readOptional(path: string): Promise<string> {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

async function writeOptional(path: string, value: string): Promise<boolean> {
  try {
    writeFileSync(path, value);
    return true;
  } catch {
    return false;
  }
}
