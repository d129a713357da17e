/*
 * Runs one command as a child process with a wall-clock limit and an output cap, shared by both
 * sandboxes. The child is spawned detached (its own process group); `killAll` is the sandbox's way of
 * ending everything the command started (a process group, a cgroup) and runs on timeout, on output
 * overflow and once the main process has exited, so nothing it left in the background survives it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import type { Writable } from 'node:stream';
import { access, constants } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import type { BoxResult } from './sandbox';

export type ChildSpec = {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  stdin?: string | Buffer;
  /** Written to a pipe the child gets as fd 3 (bwrap's `--args 3`), then closed. */
  fd3?: Buffer;
  timeLimitMs: number;
  maxOutputBytes: number;
  killAll: (pid: number) => void | Promise<void>;
};

export type ChildOutcome = Omit<BoxResult, 'result' | 'outOfMemory' | 'processLimitHit'>;

/** How long stdout/stderr may stay open after everything was killed (a stuck pipe must not hang a run). */
const CLOSE_GRACE_MS = 2_000;

export function runChild(spec: ChildSpec): Promise<ChildOutcome> {
  return new Promise((resolve) => {
    const started = performance.now();
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let total = 0;
    let timedOut = false;
    let outputTruncated = false;
    let exit: { code: number | null; signal: string | null; durationMs: number } | undefined;
    let settled = false;

    const child = spawn(spec.file, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      detached: true,
      stdio: spec.fd3 ? ['pipe', 'pipe', 'pipe', 'pipe'] : ['pipe', 'pipe', 'pipe'],
    });
    if (spec.fd3) writeFd3(child, spec.fd3);
    const killAll = (): Promise<void> => {
      if (child.pid === undefined) return Promise.resolve();
      return Promise.resolve()
        .then(() => spec.killAll(child.pid as number))
        .catch(() => undefined);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      void killAll();
    }, spec.timeLimitMs);
    let closeGuard: NodeJS.Timeout | undefined;

    const collect = (chunks: Buffer[]) => (chunk: Buffer) => {
      if (outputTruncated) return;
      const room = spec.maxOutputBytes - total;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        total = spec.maxOutputBytes;
        outputTruncated = true;
        void killAll();
        return;
      }
      chunks.push(chunk);
      total += chunk.length;
    };
    child.stdout.on('data', collect(stdout));
    child.stderr.on('data', collect(stderr));
    child.stdin.on('error', () => undefined);
    child.stdin.end(spec.stdin ?? '');

    const finish = (fallback?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(closeGuard);
      const errText = Buffer.concat(stderr).toString('utf8');
      resolve({
        exitCode: exit?.code ?? (fallback ? 127 : null),
        signal: exit?.signal ?? null,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: fallback ? `${errText}${errText ? '\n' : ''}${spec.file}: ${fallback.message}` : errText,
        timedOut,
        outputTruncated,
        durationMs: exit?.durationMs ?? Math.round(performance.now() - started),
      });
    };
    child.on('error', (error) => finish(error));
    child.on('exit', (code, signal) => {
      exit = { code, signal, durationMs: Math.round(performance.now() - started) };
      clearTimeout(timer);
      void killAll().then(() => {
        if (settled) return;
        closeGuard = setTimeout(() => {
          child.stdout.destroy();
          child.stderr.destroy();
          finish();
        }, CLOSE_GRACE_MS);
      });
    });
    child.on('close', () => finish());
  });
}

/** Runtime messages of an allocation that failed at the limit (JVM, Node, Python, C++, Go, .NET/Mono). */
const RUNTIME_OOM =
  /java\.lang\.OutOfMemoryError|JavaScript heap out of memory|\bMemoryError\b|std::bad_alloc|runtime: out of memory|fatal error: out of memory|System\.OutOfMemoryException|cannot allocate memory/i;

/** Whether a failed command's stderr ends with a runtime's own out-of-memory error. */
export function isRuntimeOutOfMemory(outcome: ChildOutcome): boolean {
  if (outcome.exitCode === 0 && outcome.signal === null) return false;
  return RUNTIME_OOM.test(outcome.stderr.slice(-8_192));
}

/** Whether an executable called `name` is in one of `dirs` (as the host sees them). */
export async function isOnPath(name: string, dirs: string[]): Promise<boolean> {
  if (!name || name.includes('/')) return false;
  for (const dir of dirs) {
    try {
      await access(join(dir, name), constants.X_OK);
      return true;
    } catch {
      // next directory
    }
  }
  return false;
}

export function pathDirs(path: string | undefined): string[] {
  return (path ?? '').split(delimiter).filter((dir) => dir.startsWith('/'));
}

/** Writes `data` to the child's fd 3 pipe and closes it (a child that never reads it just ends). */
export function writeFd3(child: ChildProcess, data: Buffer): void {
  const pipe = child.stdio[3] as Writable | null | undefined;
  if (!pipe) return;
  pipe.on('error', () => undefined);
  pipe.end(data);
}

export const MiB = 1024 * 1024;
/** RLIMIT_NOFILE when the command does not say. */
export const DEFAULT_MAX_OPEN_FILES = 512;
