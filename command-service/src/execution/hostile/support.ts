/*
 * Shared by the hostile suites: the sandbox with every toolchain bound, the languages available here (a
 * missing one fails in CI, skips elsewhere), the hostile program of each language (programs/<language>,
 * one program whose behaviour the test input's `mode` chooses, so each language compiles once and the
 * build cache serves the other runs), and which boxes a run used (slot uid and host work dir).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CodingLanguage, FunctionSignature } from '@app/contracts';
import { BubblewrapSandbox, type Box, type BoxFile, type BoxLimits, type Sandbox } from '../sandbox';
import { detectToolchains, languageAvailability, runTests, toolchainBinds } from '../languages';
import type { RunTestsResult } from '../languages';
import { BuildCache } from '../languages/build-cache';

export const toolchains = detectToolchains();

/** Every language that has a toolchain on these machines (swift has none). */
export type HostileLanguage = Exclude<CodingLanguage, 'swift'>;
export const hostileLanguages: HostileLanguage[] = [
  'javascript',
  'typescript',
  'python',
  'java',
  'kotlin',
  'csharp',
  'go',
  'cpp',
];

export const attackSignature: FunctionSignature = {
  name: 'attack',
  params: [
    { name: 'mode', type: 'string' },
    { name: 'arg', type: 'string' },
  ],
  returns: 'string',
};

export function hostileProgram(language: HostileLanguage): string {
  return readFileSync(join(__dirname, 'programs', language), 'utf8');
}

/** A box a run opened: its slot's uid and its work dir on the host. */
export type BoxSeen = { uid: number; hostDir: string };

const opened = new AsyncLocalStorage<BoxSeen[]>();

export type HostileContext = {
  sandbox: Sandbox;
  available: Set<CodingLanguage>;
  cache: BuildCache;
  close(): Promise<void>;
};

/**
 * The bubblewrap sandbox (required: the process sandbox isolates nothing) behind a wrapper that records
 * the boxes each run opens; null outside CI when bubblewrap cannot run here.
 */
export async function hostileContext(slots: number): Promise<HostileContext | null> {
  const inner = await BubblewrapSandbox.create({ extraBinds: toolchainBinds(toolchains), slots });
  if (typeof inner === 'string') {
    if (process.env.CI === 'true') throw new Error(`CI needs the bubblewrap sandbox: ${inner}`);
    console.warn(`[hostile tests] skipped: the bubblewrap sandbox cannot run here (${inner})`);
    return null;
  }
  const sandbox: Sandbox = {
    kind: inner.kind,
    slots: inner.slots,
    hasProgram: (name) => inner.hasProgram(name),
    open: async (files: BoxFile[]): Promise<Box> => {
      const box = await inner.open(files);
      const internals = box as unknown as { slot: { uid: number }; hostDir: string };
      opened.getStore()?.push({ uid: internals.slot.uid, hostDir: internals.hostDir });
      return box;
    },
    close: () => inner.close(),
  };
  const available = new Set(
    (await languageAvailability(sandbox, toolchains)).filter((l) => l.available).map((l) => l.language),
  );
  return { sandbox, available, cache: new BuildCache(), close: () => sandbox.close!() };
}

/** Whether a language's test must be skipped here; in CI a missing language fails instead. */
export function unavailable(context: HostileContext | null, language: CodingLanguage): boolean {
  if (context?.available.has(language)) return false;
  if (process.env.CI === 'true') throw new Error(`${language} is not available in CI`);
  return true;
}

/** Runs `work`, recording in `boxes` every box it opens. */
export function track<T>(boxes: BoxSeen[], work: () => Promise<T>): Promise<T> {
  return opened.run(boxes, work);
}

export type Attack = { result: Promise<RunTestsResult>; boxes: BoxSeen[] };

/** Runs the language's hostile program in one mode; `boxes` fills as the run opens them. */
export function attack(
  context: HostileContext,
  language: HostileLanguage,
  mode: string,
  arg: string,
  runLimits: Partial<BoxLimits> = {},
  expected = 'done',
): Attack {
  const boxes: BoxSeen[] = [];
  const result = opened.run(boxes, () =>
    runTests({
      sandbox: context.sandbox,
      language,
      question: { signature: attackSignature },
      source: hostileProgram(language),
      tests: [{ input: { mode, arg }, output: expected }],
      toolchains,
      runLimits: { timeLimitMs: 2_000, workDirSizeMb: 16, ...runLimits },
      buildCache: context.cache,
    }),
  );
  return { result, boxes };
}

/** Live host processes of a uid (zombies left out: the host's init reaps bwrap's pid 1 a moment later). */
export function processesOf(uid: number): number[] {
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

/** processesOf once the kernel has had a moment to tear SIGKILLed processes down. */
export async function processesLeftOf(uid: number): Promise<number[]> {
  for (let waited = 0; processesOf(uid).length > 0 && waited < 1_000; waited += 20) await sleep(20);
  return processesOf(uid);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds, up to `ms`. */
export async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += 50) {
    if (check()) return true;
    await sleep(50);
  }
  return check();
}

/** The probe's answer lines: `<op> <target> -> ok ...` or `-> denied`. */
export type ProbeLine = { op: string; target: string; ok: boolean; detail: string };

export function probeLines(stdout: string): ProbeLine[] {
  return stdout
    .split('\n')
    .map((line) => /^(\w+) (.*?) -> (ok|denied)(?: (.*))?$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([, op, target, answer, detail]) => ({ op, target, ok: answer === 'ok', detail: detail ?? '' }));
}
