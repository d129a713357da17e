/* Questions, languages, submissions and runs (spec 3, 4, 8). */

import type { runErrorCodes } from '../errors';

/** The nine languages offered for coding (ruby, rust and json appear elsewhere but are not offered). */
export const codingLanguages = [
  'csharp',
  'cpp',
  'go',
  'java',
  'javascript',
  'kotlin',
  'python',
  'swift',
  'typescript',
] as const;
export type CodingLanguage = (typeof codingLanguages)[number];

/**
 * What a recorded submission was written in: one of the nine coding languages, `solidity` (the blockchain
 * track's contracts, judged in an EVM) or `web` (a frontend question's HTML, CSS and JavaScript files).
 */
export const submissionLanguages = [...codingLanguages, 'solidity', 'web'] as const;
export type SubmissionLanguage = (typeof submissionLanguages)[number];

/** Question difficulty as stored (number) and shown (label). */
export const difficultyLabels = { 1: 'Easy', 2: 'Medium', 3: 'Hard', 4: 'Very Hard' } as const;
export type Difficulty = keyof typeof difficultyLabels;
export type DifficultyLabel = (typeof difficultyLabels)[Difficulty];
export const difficulties = [1, 2, 3, 4] as const satisfies readonly Difficulty[];

export const submissionStatuses = ['INCORRECT', 'PARTIALLY_CORRECT', 'CORRECT'] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];

/** Submission indicator of spec 4: theme and label per status, pristine when never submitted. */
export const submissionIndicators = {
  INCORRECT: { theme: 'failure', label: 'No Tests Passed' },
  PARTIALLY_CORRECT: { theme: 'warning', label: 'Some Tests Passed' },
  CORRECT: { theme: 'success', label: 'All Tests Passed' },
  none: { theme: 'pristine', label: 'Question Not Submitted' },
} as const;

/** Execution statuses of spec 4. */
export const executionStatuses = [
  'jsonTestsPassed',
  'jsonTestsFailed',
  'singleTestPassed',
  'singleTestFailed',
  'sandboxPassed',
  'sandboxFailed',
  'submissionPassed',
  'submissionFailed',
  'screenshotSubmissionPassed',
  'screenshotSubmissionFailed',
  'unitTestsPassed',
  'unitTestsFailed',
  'outOfResources',
  'compilationError',
  'timedOut',
  'rateLimited',
  'inputsInvalid',
  'outputTooBig',
  'versionMismatch',
  'unknownError',
] as const;
export type ExecutionStatus = (typeof executionStatuses)[number];

export type RunErrorCode = (typeof runErrorCodes)[number];

/** Run error code to execution status (spec 8); any other code gives UNKNOWN_RUN_ERROR_STATUS. */
export const runErrorExecutionStatus = {
  RCE_TIMEOUT: 'timedOut',
  RCE_OUT_OF_RESOURCES: 'outOfResources',
  RCE_RATE_LIMITED: 'rateLimited',
  RCE_INPUTS_INVALID: 'inputsInvalid',
  RCE_OUTPUT_TOO_LARGE: 'outputTooBig',
  PROBLEMS_VERSION_MISMATCH: 'versionMismatch',
} as const satisfies Record<RunErrorCode, ExecutionStatus>;
export const UNKNOWN_RUN_ERROR_STATUS = 'unknownError' satisfies ExecutionStatus;

/*
 * The engine's limits. A compile, and one box's run of its tests, are stopped at their limit (RCE_TIMEOUT,
 * or a test TIMEOUT); a job waits in the run queue at most RUN_QUEUE_WAIT_LIMIT_MS (RCE_BUSY after); and a
 * whole judging request is answered within JUDGE_REQUEST_LIMIT_MS (RCE_TIMEOUT after): its longest is a
 * submission's, a wait, a compile and two runs (the visible tests' box and the hidden tests' box).
 */
export const COMPILE_TIME_LIMIT_MS = 30_000;
export const RUN_TIME_LIMIT_MS = 10_000;
export const RUN_QUEUE_WAIT_LIMIT_MS = 15_000;
export const JUDGE_REQUEST_LIMIT_MS = RUN_QUEUE_WAIT_LIMIT_MS + COMPILE_TIME_LIMIT_MS + 2 * RUN_TIME_LIMIT_MS;
/**
 * How long the gateway waits for a service's answer: past the engine's longest request by a margin (the
 * service's own work around the judging: the question, the event append), so a learner always gets the
 * engine's own status (RCE_TIMEOUT, RCE_BUSY) rather than the gateway's SERVICE_UNAVAILABLE.
 */
export const GATEWAY_UPSTREAM_TIMEOUT_MS = JUDGE_REQUEST_LIMIT_MS + 10_000;

/** A string error thrown by a test is reported as an error of this type, with the string as reason. */
export const RUNTIME_ERROR_TYPE = 'RUNTIME';

/** Outcome titles of spec 8, keyed by the outcome they name. */
export const outcomeTitles = {
  outOfResources: 'Your Code Timed Out Or Ran Out Of Memory',
  timedOut: 'Your Code Timed Out',
  rateLimited: "You're Running Code Too Often",
  compilationError: 'Compilation Error',
  inputsInvalid: 'Invalid Input',
  outputTooBig: 'Output Too Large To Display',
  testsPassed: 'All Tests Passed',
  testsFailed: 'Some Tests Failed',
  quickTestPassed: 'Quick Test Passed',
  quickTestFailed: 'Quick Test Failed',
} as const;
export type OutcomeKind = keyof typeof outcomeTitles;

/** Quick-test input that is not JSON is refused with this message (spec 5). */
export const INVALID_QUICK_TEST_INPUT_MESSAGE = 'Invalid Quick Test Input';
/** Quick-test output error when either side is longer than QUICK_TEST_OUTPUT_LIMIT_CHARS. */
export const QUICK_TEST_OUTPUT_TOO_BIG = 'OUTPUT_TOO_BIG';
