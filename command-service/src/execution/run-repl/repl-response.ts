import type { RunResponse } from '@app/contracts';
import type { ProgramResult } from '../languages';

/** The most of a snippet's output an answer carries; the rest is counted, not sent. */
export const REPL_OUTPUT_LIMIT_CHARS = 50_000;

/**
 * A snippet's run as the run response of spec 3: `RawOutput` is what it printed (stdout and stderr as
 * written, at most REPL_OUTPUT_LIMIT_CHARS) followed by how it ended when that was not well, or the compile
 * error. `HasError`: it did not compile, or ended with an error (an uncaught exception, a non-zero exit, a
 * signal); `OutOfResources`: it was stopped at a limit (time, memory, processes); `wasAborted`: stopped at
 * the time limit. No test results.
 */
export function replResponse(result: ProgramResult, timeLimitMs: number): RunResponse {
  const base = { TestResults: [], JSONTests: false, wasAborted: result.timedOut };
  if (result.compileError !== undefined) {
    return {
      ...base,
      RawOutput: clip(result.compileError),
      HasError: true,
      OutOfResources: result.timedOut || result.outOfResources,
    };
  }
  const notes: string[] = [];
  if (result.outputTruncated)
    notes.push('The program printed more than the runner keeps; the rest was dropped.');
  if (result.timedOut) {
    notes.push(`The program did not finish within ${timeLimitMs / 1000} seconds and was stopped.`);
  } else if (result.outOfResources) {
    notes.push('The program ran out of memory or started too many processes and was stopped.');
  } else if (result.exit !== undefined) {
    notes.push(`The program ended with ${result.exit}.`);
  }
  const output = clip(result.output);
  return {
    ...base,
    RawOutput: [output.replace(/\n$/, ''), ...notes].filter((part) => part !== '').join('\n'),
    HasError: !result.timedOut && !result.outOfResources && result.exit !== undefined,
    OutOfResources: result.timedOut || result.outOfResources,
  };
}

function clip(text: string): string {
  if (text.length <= REPL_OUTPUT_LIMIT_CHARS) return text;
  const rest = text.length - REPL_OUTPUT_LIMIT_CHARS;
  return `${text.slice(0, REPL_OUTPUT_LIMIT_CHARS)}\n… (${rest.toLocaleString('en-US')} more characters not shown)`;
}
