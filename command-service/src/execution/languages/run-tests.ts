/*
 * Runs a learner's code against JSON tests through the Sandbox contract: opens a box with the learner's
 * file, the generated harness and the tests' inputs (never their expected outputs), compiles, runs every
 * test in one process, then reads the harness's result lines and compares each output with the expected
 * one outside the box. A build already made (the same files, command and toolchain) comes from the build
 * cache instead of being compiled again (build-cache.ts), and a new build is compiled by the language's
 * warm compile server when the request brings one (compile-servers.ts), else in the run box.
 */
import { randomBytes } from 'node:crypto';
import { basename, relative } from 'node:path';
import {
  COMPILE_TIME_LIMIT_MS,
  RUN_TIME_LIMIT_MS,
  argumentsOf,
  checkTestInput,
  compareOutputs,
  parseType,
} from '@app/contracts';
import type { CodingLanguage, CompareOptions, FunctionSignature, JsonTest } from '@app/contracts';
import type { Box, BoxLimits, BoxResult, Sandbox } from '../sandbox';
import { BuildCache, MAX_BUILD_BYTES } from './build-cache';
import type { BuildCacheStats, BuildLookup, CachedBuild } from './build-cache';
import type { CompileServers } from './compile-servers';
import { DEFAULT_COMPILE_MEMORY_MB, DEFAULT_RUN_MEMORY_MB, INPUTS_FILE, RESULTS_FILE } from './language';
import type { LanguageModule } from './language';
import { prebuiltFiles } from './prebuild';
import { languageModules } from './registry';
import { detectToolchains, toolchainBinds, toolchainsDir } from './toolchains';
import type { Toolchains } from './toolchains';

export const defaultCompileLimits: BoxLimits = {
  timeLimitMs: COMPILE_TIME_LIMIT_MS,
  memoryLimitMb: DEFAULT_COMPILE_MEMORY_MB,
  maxProcesses: 256,
  maxOutputBytes: 1024 * 1024,
  workDirSizeMb: 256,
};

export const defaultRunLimits: BoxLimits = {
  timeLimitMs: RUN_TIME_LIMIT_MS,
  memoryLimitMb: DEFAULT_RUN_MEMORY_MB,
  maxProcesses: 64,
  maxOutputBytes: 1024 * 1024,
  workDirSizeMb: 64,
};

export class LanguageUnavailableError extends Error {
  constructor(
    readonly language: CodingLanguage,
    readonly reason: string,
  ) {
    super(`Language unavailable: ${language} (${reason}).`);
    this.name = 'LanguageUnavailableError';
  }
}

/** A test's input does not fit the signature (the API answers RCE_INPUTS_INVALID). */
export class TestInputError extends Error {
  constructor(
    readonly index: number,
    readonly reason: string,
  ) {
    super(`Test ${index + 1}: ${reason}.`);
    this.name = 'TestInputError';
  }
}

export type TestError = { type: string; reason: string };

export type TestOutcome = {
  passed: boolean;
  expected: unknown;
  /** The program's output; undefined when the test produced none (an error, a crash, not reached). */
  actual?: unknown;
  error: TestError | null;
  /** Why an output did not match (`expected 3 items, got 2`). */
  reason?: string;
  /** What the learner's code printed during this test. */
  stdout: string;
  /** The learner's frames of an exception's stack, when the language gives them. */
  trace?: string;
  hidden: boolean;
};

export type RunTestsResult = {
  /** The compiler's message (paths relative to the box, so it names the learner's file and lines). */
  compileError?: string;
  results: TestOutcome[];
  timedOut: boolean;
  outOfResources: boolean;
  outputTruncated: boolean;
  /** Everything the program printed outside a test, and its stderr. */
  rawOutput: string;
  /** 0 when the build came from the build cache. */
  compileMs?: number;
  runMs?: number;
  /** The build (or its compile error) came from the build cache: nothing was compiled. */
  cached?: boolean;
  /** The build (or its compile error) came from a warm compile server, not a compile in the run box. */
  warm?: boolean;
};

export type RunTestsRequest = {
  sandbox: Sandbox;
  language: CodingLanguage | LanguageModule;
  question: { signature: FunctionSignature; compare?: CompareOptions };
  source: string;
  tests: JsonTest[];
  toolchains?: Toolchains;
  compileLimits?: Partial<BoxLimits>;
  runLimits?: Partial<BoxLimits>;
  /** Where builds are cached: the process-wide cache when absent, none when false. */
  buildCache?: BuildCache | false;
  /**
   * Warm compile servers (compile-servers.ts): a new build is compiled by the language's server when it
   * has one running, else (and whenever the server fails) in the run box.
   */
  compileServers?: CompileServers;
};

/** The process-wide build cache runTests uses unless told otherwise. */
export const defaultBuildCache = new BuildCache();

/** Hits, misses and bytes of the process-wide build cache. */
export function buildCacheStats(): BuildCacheStats {
  return defaultBuildCache.stats();
}

let detected: Toolchains | undefined;

type ResultLine = {
  start?: number;
  test?: number;
  value?: unknown;
  error?: TestError;
  trace?: string;
  invalid?: string;
  compileError?: string;
};

export async function runTests(request: RunTestsRequest): Promise<RunTestsResult> {
  const language =
    typeof request.language === 'string' ? languageModules[request.language] : request.language;
  const toolchains = request.toolchains ?? (detected ??= detectToolchains());
  const availability = await language.availability(request.sandbox, toolchains);
  if (!availability.available) throw new LanguageUnavailableError(language.id, availability.reason);

  const { signature } = request.question;
  request.tests.forEach((test, i) => {
    const problem = checkTestInput(signature, test.input);
    if (problem) throw new TestInputError(i, problem);
  });
  const compileLimits = { ...defaultCompileLimits, ...request.compileLimits };
  const runLimits = { ...defaultRunLimits, ...request.runLimits };
  const memory = { compileMb: compileLimits.memoryLimitMb, runMb: runLimits.memoryLimitMb };
  const hostPaths = hostPathLabels(toolchains);
  const cache = request.buildCache ?? defaultBuildCache;
  // The signature's part of the harness, compiled once per question (prebuild.ts); C++ and Go.
  const prebuilt =
    language.prebuild && cache
      ? await prebuiltFiles({
          sandbox: request.sandbox,
          language,
          toolchains,
          signature,
          memory,
          compileLimits,
          cache,
        })
      : undefined;
  const plan = language.plan(signature, request.source, toolchains, memory, prebuilt);
  const build: BuildLookup | undefined =
    plan.compile && cache ? cache.lookup(request.sandbox, language, toolchains, plan) : undefined;
  let hit: CachedBuild | undefined = build?.hit;
  let cached = hit !== undefined;
  let warmMs: number | undefined;
  if (plan.compile && !hit && request.compileServers) {
    const served = await request.compileServers.compile(language, plan, compileLimits.timeLimitMs);
    if (served?.kind === 'timeout') {
      return {
        compileError: 'The compiler timed out.',
        results: [],
        timedOut: true,
        outOfResources: false,
        outputTruncated: false,
        rawOutput: '',
        compileMs: served.ms,
        warm: true,
      };
    }
    if (served?.kind === 'compileError') {
      // As the box's compile gives it: stdout, then stderr (the server removed its directory's prefix).
      const message = cleanText(`${served.stdout}\n${served.stderr}`, undefined, language, hostPaths).trim();
      const compileError = message || 'The compiler failed (exit code 1).';
      if (build) await build.store({ kind: 'compileError', message: compileError });
      return {
        compileError,
        results: [],
        timedOut: false,
        outOfResources: false,
        outputTruncated: false,
        rawOutput: '',
        compileMs: served.ms,
        warm: true,
      };
    }
    if (served?.kind === 'outputs') {
      hit = { kind: 'outputs', files: served.files };
      warmMs = served.ms;
      if (build) await build.store(hit);
    }
  }
  if (hit?.kind === 'compileError') {
    return {
      compileError: hit.message,
      results: [],
      timedOut: false,
      outOfResources: false,
      outputTruncated: false,
      rawOutput: '',
      compileMs: 0,
      cached: true,
    };
  }
  const nonce = randomBytes(9).toString('base64url');
  const inputs = { nonce, tests: request.tests.map((test) => argumentsOf(signature, test.input)) };
  const files = [...plan.files, { path: INPUTS_FILE, content: JSON.stringify(inputs) }];
  let box: Box;
  try {
    box = await request.sandbox.open(hit ? [...files, ...hit.files] : files);
  } catch (error) {
    // Cached outputs that do not fit this box's work dir: compile in a box without them.
    if (!hit || (error as Error).name === 'SandboxBusyError') throw error;
    hit = undefined;
    cached = false;
    warmMs = undefined;
    box = await request.sandbox.open(files);
  }
  try {
    const clean = (text: string) => cleanText(text, box.workDir, language, hostPaths);
    let compileMs: number | undefined;
    if (plan.compile && hit) {
      compileMs = warmMs ?? 0;
    } else if (plan.compile) {
      const compiled = await box.run({
        argv: plan.compile.argv,
        env: plan.compile.env,
        limits: compileLimits,
      });
      compileMs = compiled.durationMs;
      if (compiled.exitCode !== 0 || compiled.timedOut || compiled.signal) {
        const message = clean(`${compiled.stdout}\n${compiled.stderr}`).trim();
        const why = compiled.timedOut
          ? 'The compiler timed out.'
          : compiled.outOfMemory
            ? 'The compiler ran out of memory.'
            : '';
        const compileError =
          [message, why].filter(Boolean).join('\n') || `The compiler failed (${describeExit(compiled)}).`;
        if (build && isPlainCompileError(compiled))
          await build.store({ kind: 'compileError', message: compileError });
        return {
          compileError,
          results: [],
          timedOut: compiled.timedOut,
          outOfResources: compiled.outOfMemory || compiled.processLimitHit,
          outputTruncated: compiled.outputTruncated,
          rawOutput: '',
          compileMs,
        };
      }
      // Read back before the learner's code runs in this box, so the run cannot change what is cached.
      if (build) await storeOutputs(box, plan.compile.outputs, build);
    }
    const ran = await box.run({
      argv: plan.run.argv,
      env: plan.run.env,
      limits: runLimits,
      resultFile: RESULTS_FILE,
    });
    return {
      ...judge(request, ran, nonce, clean),
      compileMs,
      runMs: ran.durationMs,
      ...(hit && cached ? { cached: true } : {}),
      ...(hit && warmMs !== undefined ? { warm: true } : {}),
    };
  } finally {
    await box.dispose();
  }
}

/** A compile that failed on its own, as the same files always will (no limit, signal or start failure). */
function isPlainCompileError(compiled: BoxResult): boolean {
  return (
    compiled.exitCode !== null &&
    compiled.exitCode > 0 &&
    compiled.exitCode < 126 &&
    compiled.signal === null &&
    !compiled.timedOut &&
    !compiled.outOfMemory &&
    !compiled.processLimitHit &&
    !compiled.outputTruncated
  );
}

/** Reads a successful compile's outputs back into the cache; a refusal only means no caching. */
async function storeOutputs(box: Box, outputs: string[], build: BuildLookup): Promise<void> {
  if (!box.readFiles) return;
  try {
    const read = await box.readFiles(outputs, MAX_BUILD_BYTES);
    if ('files' in read) await build.store({ kind: 'outputs', files: read.files });
    else build.refused(read.refused);
  } catch (error) {
    build.refused((error as Error).message);
  }
}

function judge(
  request: RunTestsRequest,
  ran: BoxResult,
  nonce: string,
  clean: (text: string) => string,
): Omit<RunTestsResult, 'compileMs' | 'runMs'> {
  const lines = parseResultLines(ran.result);
  // Only the harness's first line can be a compile error (the learner's code may write to the file too).
  const compileError = typeof lines[0]?.compileError === 'string' ? lines[0].compileError : undefined;
  const { perTest, outside } = splitStdout(ran.stdout, nonce, request.tests.length);
  const rawOutput = [outside, clean(ran.stderr)].filter((part) => part.trim() !== '').join('\n');
  const status = {
    timedOut: ran.timedOut,
    outOfResources: ran.outOfMemory || ran.processLimitHit,
    outputTruncated: ran.outputTruncated,
  };
  if (compileError !== undefined)
    return { compileError: clean(compileError).trim(), results: [], rawOutput, ...status };

  const started = new Set<number>();
  const finished = new Map<number, ResultLine>();
  for (const line of lines) {
    if (typeof line.start === 'number') started.add(line.start);
    if (typeof line.test === 'number') finished.set(line.test, line);
  }
  const returns = parseType(request.question.signature.returns);
  let stoppedAt: number | undefined;
  const results = request.tests.map((test, i): TestOutcome => {
    const base = { expected: test.output, stdout: perTest[i], hidden: test.hidden ?? false };
    const line = finished.get(i);
    if (line?.error) {
      const { reason } = line.error;
      const error = { ...line.error, reason: typeof reason === 'string' ? clean(reason) : reason };
      return { ...base, passed: false, error, ...(line.trace ? { trace: clean(line.trace) } : {}) };
    }
    if (line?.invalid !== undefined) return { ...base, passed: false, error: null, reason: line.invalid };
    if (line && 'value' in line) {
      const comparison = compareOutputs(returns, test.output, line.value, request.question.compare);
      return {
        ...base,
        passed: comparison.match,
        actual: line.value,
        error: null,
        reason: comparison.reason,
      };
    }
    if (started.has(i)) {
      stoppedAt = i;
      return { ...base, passed: false, error: crashError(ran, clean) };
    }
    const reason =
      stoppedAt !== undefined
        ? `Not run: the program stopped during test ${stoppedAt + 1}.`
        : `Not run: the program stopped before this test (${describeExit(ran)}).`;
    return { ...base, passed: false, error: { type: 'NOT_RUN', reason } };
  });
  // A runtime's own out-of-memory error, caught by the harness at its heap limit, is out of resources too.
  if (results.some((result) => result.error && RUNTIME_OOM_ERRORS.test(result.error.type)))
    status.outOfResources = true;
  return { results, rawOutput, ...status };
}

/** Error types the runtimes throw at their heap limit (JVM, Mono, Python, C++). */
const RUNTIME_OOM_ERRORS = /^(OutOfMemoryError|OutOfMemoryException|MemoryError|(std::)?bad_alloc)$/;

function crashError(ran: BoxResult, clean: (text: string) => string): TestError {
  if (ran.timedOut) return { type: 'TIMEOUT', reason: 'The code timed out.' };
  if (ran.outOfMemory) return { type: 'OUT_OF_MEMORY', reason: 'The code ran out of memory.' };
  if (ran.processLimitHit)
    return { type: 'OUT_OF_RESOURCES', reason: 'The code started too many processes.' };
  if (ran.outputTruncated) return { type: 'OUTPUT_TOO_LARGE', reason: 'The code printed too much.' };
  const lastLines = clean(ran.stderr).trim().split('\n').slice(-3).join('\n');
  return {
    type: 'RUNTIME',
    reason: `The program crashed (${describeExit(ran)})${lastLines ? `: ${lastLines}` : '.'}`,
  };
}

export function describeExit(ran: BoxResult): string {
  if (ran.timedOut) return 'timed out';
  return ran.signal ? `signal ${ran.signal}` : `exit code ${ran.exitCode}`;
}

function parseResultLines(text: string): ResultLine[] {
  const lines: ResultLine[] = [];
  for (const raw of text.split('\n')) {
    if (!raw.trim()) continue;
    try {
      const line: unknown = JSON.parse(raw);
      if (line && typeof line === 'object' && !Array.isArray(line)) lines.push(line as ResultLine);
    } catch {
      // a partial last line (killed mid-write) or the learner's own writes
    }
  }
  return lines;
}

/** Splits stdout on the harness's per-test markers; what falls outside every test is returned apart. */
export function splitStdout(
  stdout: string,
  nonce: string,
  tests: number,
): { perTest: string[]; outside: string } {
  const perTest = new Array<string>(tests).fill('');
  let outside = '';
  let current: number | undefined;
  let from = 0;
  const marker = new RegExp(`\\x1e${nonce}:(\\d+):(start|end)\\x1e`, 'g');
  const take = (text: string) => {
    if (current !== undefined && current < tests) perTest[current] += text;
    else outside += text;
  };
  for (const match of stdout.matchAll(marker)) {
    take(stdout.slice(from, match.index));
    from = match.index + match[0].length;
    current = match[2] === 'start' ? Number(match[1]) : undefined;
  }
  take(stdout.slice(from));
  return { perTest, outside };
}

export type HostPathLabel = { hostPath: string; label: string };

/**
 * The toolchains' host paths (the box binds them at the same paths), each with the name messages show
 * instead: its path under the toolchains directory, else its last part (`typescript/lib/typescript.js`,
 * `cpp/bits/stdc++.h`), so no message tells where the platform lives on the host. Longest first.
 */
export function hostPathLabels(toolchains: Toolchains): HostPathLabel[] {
  const root = toolchainsDir();
  return toolchainBinds(toolchains)
    .map(({ hostPath }) => {
      const under = relative(root, hostPath);
      const label = under && !under.startsWith('..') ? under : basename(hostPath);
      return { hostPath, label };
    })
    .sort((a, b) => b.hostPath.length - a.hostPath.length);
}

/** Makes compiler and runtime messages name files as the learner sees them, and no host path. */
export function cleanText(
  text: string,
  workDir: string | undefined,
  language: LanguageModule,
  hostPaths: HostPathLabel[],
): string {
  let out = workDir ? text.split(`${workDir}/`).join('') : text;
  for (const { hostPath, label } of hostPaths) out = out.split(hostPath).join(label);
  out = out
    .split('\n')
    .filter(
      (line) =>
        !/^In file included from /.test(line) &&
        !/^# command-line-arguments/.test(line) &&
        // mcs's closing count, which its compile server (called, not run) does not print.
        !(language.id === 'csharp' && /^Compilation failed: \d+ error\(s\), \d+ warnings?$/.test(line)),
    )
    .join('\n');
  if (language.id === 'go') out = out.replace(/(^|\n)\.\//g, '$1');
  return out;
}
