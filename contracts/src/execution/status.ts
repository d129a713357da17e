import {
  OUTPUT_TRUNCATION_CHARS,
  outcomeTitles,
  RUNTIME_ERROR_TYPE,
  runErrorExecutionStatus,
  UNKNOWN_RUN_ERROR_STATUS,
} from '../constants';
import type { ExecutionStatus, SubmissionStatus } from '../constants';
import type { RunResponse, TestResult } from '../api/problems/execution';

/** What was run: each kind has its passed and failed execution status (spec 4). */
export const runKinds = [
  'jsonTests',
  'singleTest',
  'sandbox',
  'submission',
  'screenshotSubmission',
  'unitTests',
] as const;
export type RunKind = (typeof runKinds)[number];

/**
 * Spec 4: out of resources is checked first, then compile error (HasError: the code could not be built,
 * RawOutput carries the compiler's message), then pass or fail. A run passes only if it has test results
 * and every one of them matched; the spec says so for sandbox runs and we apply it to every kind.
 */
export function executionStatusOf(
  response: Pick<RunResponse, 'OutOfResources' | 'HasError' | 'TestResults'>,
  kind: RunKind,
): ExecutionStatus {
  if (response.OutOfResources) return 'outOfResources';
  if (response.HasError) return 'compilationError';
  const passed = response.TestResults.length > 0 && response.TestResults.every((t) => t.Matches);
  return `${kind}${passed ? 'Passed' : 'Failed'}` as ExecutionStatus;
}

/** Spec 8: the execution status of a run error code; unknown codes give unknownError. */
export function executionStatusOfRunError(code: string): ExecutionStatus {
  return Object.hasOwn(runErrorExecutionStatus, code)
    ? runErrorExecutionStatus[code as keyof typeof runErrorExecutionStatus]
    : UNKNOWN_RUN_ERROR_STATUS;
}

/**
 * The outcome title of spec 8 shown for a status; undefined for the statuses the spec gives no title
 * (version mismatch, unknown error).
 */
export function outcomeTitleOf(status: ExecutionStatus): string | undefined {
  switch (status) {
    case 'outOfResources':
    case 'timedOut':
    case 'rateLimited':
    case 'compilationError':
    case 'inputsInvalid':
    case 'outputTooBig':
      return outcomeTitles[status];
    case 'singleTestPassed':
      return outcomeTitles.quickTestPassed;
    case 'singleTestFailed':
      return outcomeTitles.quickTestFailed;
    case 'versionMismatch':
    case 'unknownError':
      return undefined;
    default:
      return status.endsWith('Passed') ? outcomeTitles.testsPassed : outcomeTitles.testsFailed;
  }
}

/** A submission's status from how many tests passed (spec 3, 4): none, some, or all. */
export function submissionStatusOf(passed: number, total: number): SubmissionStatus {
  if (total > 0 && passed === total) return 'CORRECT';
  return passed > 0 ? 'PARTIALLY_CORRECT' : 'INCORRECT';
}

export const ELLIPSIS = '…';

/**
 * Spec 5: displayed expected and actual text longer than 1000 characters is cut to 1000 and ends with an
 * ellipsis. A cut never splits a surrogate pair.
 */
export function truncateForDisplay(text: string, limit: number = OUTPUT_TRUNCATION_CHARS): string {
  if (text.length <= limit) return text;
  let end = limit;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end) + ELLIPSIS;
}

/** A judged test as the engine knows it, before it becomes the spec's test result. */
export type JudgedTest = {
  expected: unknown;
  /** The program's output (undefined when it produced none: an error, a crash, a test not reached). */
  actual: unknown;
  matches: boolean;
  error: { type: string; reason: string } | null;
  /** What the learner's code printed during this test. */
  stdout: string;
  /** Hidden tests show neither their input, expected output, actual output, prints nor error text. */
  hidden: boolean;
};

/**
 * What a hidden test's error may say: the runner's own kinds (timed out, out of memory...) with a fixed
 * reason, and any other error (an exception, a crash) as RUNTIME. Never the program's words: an exception's
 * message or class name, or a crash's last lines, could carry the hidden test's input.
 */
const hiddenTestErrors: Record<string, string> = {
  TIMEOUT: 'The code timed out on this hidden test.',
  OUT_OF_MEMORY: 'The code ran out of memory on this hidden test.',
  OUT_OF_RESOURCES: 'The code started too many processes on this hidden test.',
  OUTPUT_TOO_LARGE: 'The code printed too much on this hidden test.',
  NOT_RUN: 'This hidden test did not run: the program stopped before it.',
};

export function hiddenTestError(error: { type: string; reason: string }): { type: string; reason: string } {
  return Object.hasOwn(hiddenTestErrors, error.type)
    ? { type: error.type, reason: hiddenTestErrors[error.type] }
    : { type: RUNTIME_ERROR_TYPE, reason: 'The code failed with an error on this hidden test.' };
}

/** The test result of spec 3, with expected and actual as JSON text truncated for display. */
export function toTestResult(test: JudgedTest): TestResult {
  const text = (value: unknown) => (value === undefined ? '' : truncateForDisplay(JSON.stringify(value)));
  return {
    Expected: test.hidden ? '' : text(test.expected),
    Actual: test.hidden ? '' : text(test.actual),
    Matches: test.matches,
    Error: test.hidden && test.error ? hiddenTestError(test.error) : test.error,
    outputToDisplay: test.hidden ? '' : test.stdout,
    hideOutput: test.hidden,
  };
}
