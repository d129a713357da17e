/*
 * Runs a snippet as a whole program (run-repl: the crash course's runnable examples) through the Sandbox
 * contract: the language's `program` plan in one box, compiled if the language compiles, then run with the
 * usual run limits, stdout and stderr merged in the order they were written. No tests, no harness, no
 * build cache: what the program printed is the answer.
 */
import type { CodingLanguage } from '@app/contracts';
import type { BoxLimits, Sandbox } from '../sandbox';
import type { LanguageModule } from './language';
import { languageModules } from './registry';
import {
  LanguageUnavailableError,
  cleanText,
  defaultCompileLimits,
  defaultRunLimits,
  describeExit,
  hostPathLabels,
} from './run-tests';
import { detectToolchains, type Toolchains } from './toolchains';

export type ProgramResult = {
  /** The compiler's message when the snippet did not compile (compiled languages). */
  compileError?: string;
  /** stdout and stderr as written, paths as the learner sees them. */
  output: string;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  outOfResources: boolean;
  outputTruncated: boolean;
  /** How the program ended, when it did not end well (`exit code 1`, `signal SIGSEGV`, `timed out`). */
  exit?: string;
  compileMs?: number;
  runMs?: number;
};

export type RunProgramRequest = {
  sandbox: Sandbox;
  language: CodingLanguage | LanguageModule;
  source: string;
  toolchains?: Toolchains;
  compileLimits?: Partial<BoxLimits>;
  runLimits?: Partial<BoxLimits>;
};

let detected: Toolchains | undefined;

/** Whether a language runs snippets (has a `program` plan). */
export function runsPrograms(language: CodingLanguage): boolean {
  return languageModules[language].program !== undefined;
}

export async function runProgram(request: RunProgramRequest): Promise<ProgramResult> {
  const language =
    typeof request.language === 'string' ? languageModules[request.language] : request.language;
  if (!language.program) {
    throw new LanguageUnavailableError(language.id, 'snippets do not run in this language yet');
  }
  const toolchains = request.toolchains ?? (detected ??= detectToolchains());
  const availability = await language.availability(request.sandbox, toolchains);
  if (!availability.available) throw new LanguageUnavailableError(language.id, availability.reason);
  const compileLimits = { ...defaultCompileLimits, ...request.compileLimits };
  const runLimits = { ...defaultRunLimits, ...request.runLimits };
  const plan = language.program(request.source, toolchains, {
    compileMb: compileLimits.memoryLimitMb,
    runMb: runLimits.memoryLimitMb,
  });
  const hostPaths = hostPathLabels(toolchains);
  const box = await request.sandbox.open(plan.files);
  try {
    const clean = (text: string) => cleanText(text, box.workDir, language, hostPaths);
    let compileMs: number | undefined;
    if (plan.compile) {
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
        return {
          compileError:
            [message, why].filter(Boolean).join('\n') || `The compiler failed (${describeExit(compiled)}).`,
          output: '',
          exitCode: compiled.exitCode,
          signal: compiled.signal,
          timedOut: compiled.timedOut,
          outOfResources: compiled.outOfMemory || compiled.processLimitHit,
          outputTruncated: compiled.outputTruncated,
          compileMs,
        };
      }
    }
    // One stream, in the order the program wrote it (a traceback after the prints that led to it).
    const ran = await box.run({
      argv: ['sh', '-c', 'exec "$@" 2>&1', 'sh', ...plan.run.argv],
      env: plan.run.env,
      limits: runLimits,
    });
    const output = clean(`${ran.stdout}${ran.stderr}`);
    const endedWell = ran.exitCode === 0 && ran.signal === null && !ran.timedOut;
    return {
      output,
      exitCode: ran.exitCode,
      signal: ran.signal,
      timedOut: ran.timedOut,
      outOfResources: ran.outOfMemory || ran.processLimitHit,
      outputTruncated: ran.outputTruncated,
      ...(endedWell ? {} : { exit: ran.outOfMemory ? 'out of memory' : describeExit(ran) }),
      compileMs,
      runMs: ran.durationMs,
    };
  } finally {
    await box.dispose();
  }
}
