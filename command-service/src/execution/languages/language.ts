/*
 * What every language module gives the engine. From a question's signature and the learner's source it
 * plans a box: the learner's code alone in its own file (so the compiler's line numbers are the editor's),
 * a generated harness beside it, the compile command (if any) and the run command.
 *
 * Harness protocol, the same in every language:
 *   - INPUTS_FILE holds `{ "nonce": "...", "tests": [[arg0, arg1, ...], ...] }`: the tests' inputs only, in
 *     parameter order. Expected outputs never enter the box; they are compared outside.
 *   - The harness loads the learner's code once and runs every test in the same process, calling a fresh
 *     solution per test (a new `Program` object in Java, Kotlin and C#; the module's code evaluated anew in
 *     Python, JavaScript and TypeScript; a plain function call in Go and C++).
 *   - RESULTS_FILE gets one JSON line per event, flushed at once so a crash loses nothing written before:
 *       {"start": i}                                    test i begins (a crash after it is test i's)
 *       {"test": i, "value": <output as JSON>}          test i returned
 *       {"test": i, "error": {"type", "reason"}, "trace"?}  test i threw (a thrown string: type RUNTIME)
 *       {"test": i, "invalid": "why"}                   the returned value cannot be written as its type
 *       {"compileError": "..."}                         interpreted languages: the code does not parse
 *   - stdout carries the learner's prints, framed per test by `\x1e<nonce>:<i>:start\x1e` and
 *     `\x1e<nonce>:<i>:end\x1e`, flushed around each test so the prints split per test.
 * Outputs follow the signature notation's JSON (lists and trees as arrays); non-finite floats are written
 * as strings so they fail the type check instead of breaking the JSON.
 */
import type { CodingLanguage, FunctionSignature, ValueType } from '@app/contracts';
import { parseType } from '@app/contracts';
import type { BoxFile, Sandbox } from '../sandbox';
import type { Toolchains } from './toolchains';

export const INPUTS_FILE = 'inputs.json';
export const RESULTS_FILE = 'results.jsonl';
/** Most nodes a returned list or tree may have before the harness calls it cyclic. */
export const MAX_NODES = 1_000_000;

export type BoxStep = { argv: string[]; env?: Record<string, string> };

export type CompileStep = BoxStep & {
  /**
   * What the compile leaves for the run (files or directories, relative to the work dir): the build
   * cache (build-cache.ts) reads them back after a successful compile and gives them to the next box of
   * the same build instead of compiling again.
   */
  outputs: string[];
};

export type HarnessPlan = {
  /** Every file the compile reads besides the toolchain: the learner's file and the generated harness. */
  files: BoxFile[];
  /** Absent for interpreted languages, which report syntax errors through RESULTS_FILE. */
  compile?: CompileStep;
  run: BoxStep;
};

/** The box's memory limits (MiB) a plan sizes its runtimes' heaps from. */
export type PlanMemory = { compileMb: number; runMb: number };

export const DEFAULT_COMPILE_MEMORY_MB = 2048;
export const DEFAULT_RUN_MEMORY_MB = 1024;
export const defaultPlanMemory: PlanMemory = {
  compileMb: DEFAULT_COMPILE_MEMORY_MB,
  runMb: DEFAULT_RUN_MEMORY_MB,
};

/**
 * The heap a runtime is given inside a box limited to `limitMb` (MiB): three quarters of it, leaving the
 * rest for what is not heap (the JVM's metaspace, code cache and thread stacks, Node's young generation,
 * Mono's nursery). Runtimes cannot see the box's cgroup, so without it they size their heaps from the
 * host's memory and are killed by the cgroup instead of failing with their own out-of-memory error.
 */
export function heapMb(limitMb: number): number {
  return Math.max(16, Math.floor(limitMb * 0.75));
}

export type Availability = { available: true } | { available: false; reason: string };

export type LanguageModule = {
  id: CodingLanguage;
  /** The learner's file in the box, as compiler messages name it. */
  learnerFile: string;
  /** Whether this language can run here (toolchain present inside the box). */
  availability(sandbox: Sandbox, toolchains: Toolchains): Promise<Availability>;
  /** The starter code of a question: the function (or class) to fill in, returning a placeholder. */
  starter(signature: FunctionSignature): string;
  /**
   * `memory` sizes the runtimes' heaps (defaultPlanMemory when absent); `prebuilt` holds the outputs of
   * `prebuild` for this signature when they were made (the plan compiles the whole harness without them).
   */
  plan(
    signature: FunctionSignature,
    source: string,
    toolchains: Toolchains,
    memory?: PlanMemory,
    prebuilt?: BoxFile[],
  ): HarnessPlan;
  /**
   * The part of the harness that depends only on the signature, compiled once per signature (prebuild.ts)
   * and handed to `plan` as `prebuilt`; compiled languages whose harness costs most of a compile.
   */
  prebuild?(
    signature: FunctionSignature,
    toolchains: Toolchains,
    memory: PlanMemory,
  ): { files: BoxFile[]; compile: CompileStep } | undefined;
  /**
   * A snippet run as a whole program (run-repl, the crash course's runnable examples): the learner's file,
   * the compile if any, and the run, whose stdout and stderr are the answer. Absent: no REPL in this
   * language yet.
   */
  program?(source: string, toolchains: Toolchains, memory?: PlanMemory): HarnessPlan;
  /**
   * Commands (run on the host, which has the same toolchains the box binds) whose output names the
   * compiler and runtime versions, for the build cache key; compiled languages only.
   */
  versionCommands?(toolchains: Toolchains): string[][];
};

/** The parsed parameter and return types of a signature. */
export function typesOf(signature: FunctionSignature): { params: ValueType[]; returns: ValueType } {
  return { params: signature.params.map((p) => parseType(p.type)), returns: parseType(signature.returns) };
}

/** Which node classes a signature uses, so harnesses define only those (a learner may define others). */
export function nodesUsed(signature: FunctionSignature): { list: boolean; tree: boolean } {
  const all = [signature.returns, ...signature.params.map((p) => p.type)].join(' ');
  return { list: all.includes('ListNode'), tree: all.includes('TreeNode') };
}

export const capitalize = (name: string) => name[0].toUpperCase() + name.slice(1);

export async function programsAvailable(sandbox: Sandbox, programs: string[]): Promise<Availability> {
  for (const program of programs) {
    if (!(await sandbox.hasProgram(program)))
      return { available: false, reason: `${program} is not installed` };
  }
  return { available: true };
}

/** A placeholder return value per type (starters return it; it never matches a question's expected output). */
export function placeholder(
  type: ValueType,
  spell: {
    int: string;
    float: string;
    bool: string;
    string: string;
    array: string;
    map: string;
    node: string;
  },
): string {
  switch (type.kind) {
    case 'int':
    case 'long':
      return spell.int;
    case 'float':
      return spell.float;
    case 'bool':
      return spell.bool;
    case 'string':
      return spell.string;
    case 'array':
      return spell.array;
    case 'map':
      return spell.map;
    default:
      return spell.node;
  }
}

/** Lines of a generated source, skipping empty optional parts (`false`, '' or undefined entries). */
export function lines(...parts: (string | false | undefined)[]): string {
  return parts.filter((part) => part !== false && part !== undefined && part !== '').join('\n');
}
