import fs from 'node:fs';
import os from 'node:os';
import type { Client, Pool } from 'pg';

/** Progress goes to stderr: stdout carries only the final JSON document. */
export function progress(message: string): void {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Epoch milliseconds with sub-millisecond precision, comparable across worker threads. */
export const now = () => performance.timeOrigin + performance.now();

export const round = (value: number, digits = 0) => Number(value.toFixed(digits));

/** A target is a bound on one figure; `met` is computed, never asserted. */
export type Target = { atLeast: number; unit: string } | { atMost: number; unit: string };

export type Judged = { value: number; unit: string; target: string; met: boolean };

export function judge(value: number, target: Target): Judged {
  if ('atLeast' in target) {
    return { value, unit: target.unit, target: `>= ${target.atLeast}`, met: value >= target.atLeast };
  }
  return { value, unit: target.unit, target: `<= ${target.atMost}`, met: value <= target.atMost };
}

export type Percentiles = { count: number; p50: number; p95: number; p99: number; max: number; mean: number };

/** Nearest-rank percentiles (no interpolation), in the samples' unit, rounded to 0.1. */
export function percentiles(samples: readonly number[]): Percentiles {
  if (samples.length === 0) return { count: 0, p50: NaN, p95: NaN, p99: NaN, max: NaN, mean: NaN };
  const sorted = Float64Array.from(samples).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    count: sorted.length,
    p50: round(at(0.5), 1),
    p95: round(at(0.95), 1),
    p99: round(at(0.99), 1),
    max: round(sorted[sorted.length - 1], 1),
    mean: round(sum / sorted.length, 1),
  };
}

/** Counts events per whole second since `start`, to show whether a rate holds or decays. */
export class RateTimeline {
  private readonly buckets: number[] = [];

  constructor(private readonly start: number) {}

  add(count: number, at = performance.now()): void {
    const second = Math.floor((at - this.start) / 1000);
    this.buckets[second] = (this.buckets[second] ?? 0) + count;
  }

  /** Events per full second; the last, partial second is left out. */
  perSecond(): number[] {
    return Array.from(this.buckets.slice(0, -1), (n) => n ?? 0);
  }
}

export type MachineFacts = {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  platform: string;
  node: string;
  postgres: {
    version: string;
    fsync: string;
    synchronousCommit: string;
    sharedBuffers: string;
    walLevel: string;
  };
};

export async function machineFacts(db: Pool | Client): Promise<MachineFacts> {
  const show = async (name: string) => (await db.query<Record<string, string>>(`SHOW ${name}`)).rows[0][name];
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: round(os.totalmem() / 2 ** 30, 1),
    platform: `${os.platform()} ${os.release()}`,
    node: process.version,
    postgres: {
      version: await show('server_version'),
      fsync: await show('fsync'),
      synchronousCommit: await show('synchronous_commit'),
      sharedBuffers: await show('shared_buffers'),
      walLevel: await show('wal_level'),
    },
  };
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** Busy CPU ticks of the whole machine, from the first line of /proc/stat. */
function machineBusyTicks(): number {
  const fields = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  // user nice system idle iowait irq softirq steal: everything but idle and iowait.
  return fields.slice(0, 8).reduce((sum, ticks, i) => (i === 3 || i === 4 ? sum : sum + ticks), 0);
}

type ProcessTicks = Map<number, { ppid: number; self: number; children: number }>;

/** utime+stime and cutime+cstime of every process, from /proc/<pid>/stat. */
function processTicks(): ProcessTicks {
  const stats: ProcessTicks = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the parenthesised command name: state ppid ... utime(14) stime cutime cstime.
      const rest = stat
        .slice(stat.lastIndexOf(')') + 2)
        .split(' ')
        .map(Number);
      stats.set(Number(entry), { ppid: rest[1], self: rest[11] + rest[12], children: rest[13] + rest[14] });
    } catch {
      /* the process ended while we looked */
    }
  }
  return stats;
}

/**
 * Ticks of `root` and all its descendants. Exited descendants are in their parents' cutime and
 * cstime, so nothing is lost or counted twice.
 */
function subtreeTicks(stats: ProcessTicks, root: number): number {
  const inTree = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; p = stats.get(p)?.ppid ?? 0, hops++)
      if (p === root) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, stat] of stats) if (inTree(pid)) ticks += stat.self + stat.children;
  return ticks;
}

export type CpuUse = {
  /** This process and its descendants: databases, services, workers. */
  benchCores: number;
  /** Everything else on the machine. */
  otherCores: number;
  /** Named processes (with their descendants); `benchProcess` is this process alone. */
  byProcess?: Record<string, number>;
};

/**
 * Measures the cores the benchmark and everything else on the machine used during a phase: other
 * work on a shared 2-core machine skews every figure, so each figure says how much there was.
 */
export function cpuMeter(
  named: Record<string, number | undefined> = {},
  /** Name for the descendants not named (PostgreSQL, in every phase); with it, byProcess is filled. */
  restName?: string,
): { stop(): CpuUse } {
  const snapshot = () => {
    const stats = processTicks();
    const own = stats.get(process.pid);
    return {
      at: performance.now(),
      machine: machineBusyTicks(),
      tree: subtreeTicks(stats, process.pid),
      self: own ? own.self : 0,
      named: Object.fromEntries(
        Object.entries(named).map(([name, pid]) => [
          name,
          pid === undefined ? NaN : subtreeTicks(stats, pid),
        ]),
      ),
    };
  };
  const start = snapshot();
  return {
    stop() {
      const end = snapshot();
      const cores = (ticks: number) => round(ticks / TICKS_PER_SECOND / ((end.at - start.at) / 1000), 2);
      const bench = cores(end.tree - start.tree);
      const other = round(Math.max(0, cores(end.machine - start.machine) - bench), 2);
      const use: CpuUse = { benchCores: bench, otherCores: other };
      if (restName) {
        const byProcess: Record<string, number> = { benchProcess: cores(end.self - start.self) };
        for (const name of Object.keys(named)) byProcess[name] = cores(end.named[name] - start.named[name]);
        const namedSum = Object.values(byProcess).reduce((a, b) => a + b, 0);
        byProcess[restName] = round(Math.max(0, bench - namedSum), 2);
        use.byProcess = byProcess;
      }
      return use;
    },
  };
}

/** Resident set size of a process in MB, from /proc (undefined once it has gone). */
export function rssMb(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}
