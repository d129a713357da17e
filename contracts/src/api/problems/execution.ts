import { z } from 'zod';
import { anyone, commandAckSchema, defineCall, ownerOfPathProduct, signedIn } from '../define';
import { built } from '../build-state';
import { post } from '../call-path';
import * as routedPaths from '../routed-call-paths';
import { codingLanguageSchema, idSchema, problemProductParams, sourceCodeSchema } from '../common';
import { DEFAULT_LANGUAGE, INVALID_QUICK_TEST_INPUT_MESSAGE } from '../../constants';
import { submissionSchema } from './shared-schemas';

/*
 * Spec 7, Code execution: runs and submissions, placed per product so that ownership is checked from
 * the path; the ML track's go to /api/problems/v1/mlexpert/... (spec: product key 'mlexpert'). Request
 * shapes are not in the spec; these fields are ours. Run responses and test results are spec 3's.
 */

/** A test's error: the runner's typed error, or a bare string (which the client turns into RUNTIME). */
export const testErrorSchema = z.union([z.string(), z.object({ type: z.string(), reason: z.string() })]);

/** Test result of spec 3. Expected and actual are text; the client truncates them for display. */
export const testResultSchema = z.object({
  Expected: z.string(),
  Actual: z.string(),
  Matches: z.boolean(),
  Error: testErrorSchema.nullable(),
  outputToDisplay: z.string(),
  hideOutput: z.boolean(),
});
export type TestResult = z.infer<typeof testResultSchema>;

/**
 * Run response of spec 3. Runner failures (timeout, rate limit, invalid input, output too large,
 * version mismatch) are error answers with the RCE_* / PROBLEMS_VERSION_MISMATCH codes instead.
 */
export const runResponseSchema = z.object({
  RawOutput: z.string(),
  TestResults: z.array(testResultSchema),
  /** True when the results come from JSON test cases (run_json_tests). */
  JSONTests: z.boolean(),
  HasError: z.boolean(),
  OutOfResources: z.boolean(),
  wasAborted: z.boolean(),
  /**
   * Not in spec 3: true when the language was still warming up on this deployment when the run came in
   * (its compile caches or compile server not ready yet), so this run may have been slower than usual.
   * Absent otherwise.
   */
  warmingUp: z.boolean().optional(),
});
export type RunResponse = z.infer<typeof runResponseSchema>;

const runTarget = z.object({
  questionId: idSchema,
  language: codingLanguageSchema,
  /** Question version the code was written against; a stale one fails with PROBLEMS_VERSION_MISMATCH. */
  questionVersion: z.number().int().nonnegative().optional(),
});

const codeRun = runTarget.extend({ code: sourceCodeSchema });

/** Frontend questions: several files (html, css, js...) by file name. */
export const codeFilesSchema = z
  .record(z.string().trim().min(1).max(200), sourceCodeSchema)
  .refine((files) => Object.keys(files).length <= 20, 'At most 20 files.');
const filesRun = z.object({ questionId: idSchema, files: codeFilesSchema });

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

const runReply = commandAckSchema.extend(runResponseSchema.shape);

/** One mocha test of a frontend question as the page ran it (in run order). */
export const browserTestSchema = z.object({
  title: z.string(),
  passed: z.boolean(),
  error: z.object({ type: z.string(), reason: z.string() }).nullable(),
  expected: z.string().optional(),
  actual: z.string().optional(),
  /** What the page printed while this test ran. */
  output: z.string().optional(),
});
export type BrowserTestResult = z.infer<typeof browserTestSchema>;

/** A screenshot question's comparison: the share of pixels that differ, the limit, and the images (PNG base64). */
export const screenshotComparisonSchema = z.object({
  diffRatio: z.number().nullable(),
  maxDiffRatio: z.number(),
  /** Differing pixels in red over a faded copy of the reference. */
  diffImage: z.string().nullable(),
  /** The learner's rendering. */
  image: z.string().nullable(),
  /** Requests the page made that the judge refused (anything but its own files). */
  blockedRequests: z.array(z.string()),
});
export type ScreenshotComparison = z.infer<typeof screenshotComparisonSchema>;

const submissionReply = runReply.extend({ submission: submissionSchema });

/** Answer to a multiple-choice or fill-in-the-blank submission: no code ran. */
/**
 * The verdict of one practised question, and the question as the quiz shows it once answered: the
 * right answer (`answer` an mcq's choice index, `answers` a fitb's accepted texts) and the explanation.
 */
const choiceSubmissionReply = commandAckSchema.extend({
  correct: z.boolean(),
  submission: submissionSchema,
  question: z
    .object({
      id: idSchema,
      kind: z.enum(['mcq', 'fitb']),
      answer: z.number().int().optional(),
      answers: z.array(z.string()).optional(),
      explanation: z.string(),
      isCorrect: z.boolean(),
    })
    .loose(),
});

/** One answer to one quiz question: an mcq's choice index (its digits), a fitb's text. */
const choiceSubmissionRequest = z.object({
  questionId: idSchema,
  answers: z.array(z.string().trim().min(1, 'an answer is empty.').max(1000)).length(1, 'give one answer.'),
});

/**
 * A language's state here: `ready` (runs at full speed), `warmingUp` (it runs, but its compile caches or
 * compile server are still being warmed after a start, so a run may be slow), `unavailable` (cannot run).
 */
export const languageStateSchema = z.enum(['ready', 'warmingUp', 'unavailable']);
export type LanguageState = z.infer<typeof languageStateSchema>;

export const languageStatusSchema = z.object({
  language: codingLanguageSchema,
  /** The language can run here (true while it is warming up too). */
  available: z.boolean(),
  /** Absent from older servers: read `ready` when available, else `unavailable`. */
  state: languageStateSchema.optional(),
  /** Why a language is unavailable (its toolchain is missing here). */
  reason: z.string().optional(),
});
export type LanguageStatus = z.infer<typeof languageStatusSchema>;

/** Not in spec 7: which of the nine languages this deployment can run now. */
export const listLanguages = defineCall({
  route: routedPaths.listLanguages,
  state: built,
  kind: 'query',
  /** Toolchains are the command side's (the runners live there). */
  service: 'command-service',
  access: anyone,
  summary: 'The coding languages and whether each can run here.',
  request: z.object({}),
  response: z.object({ languages: z.array(languageStatusSchema) }),
});

export const runSandbox = defineCall({
  route: routedPaths.runSandbox,
  state: built,
  kind: 'command',
  // Free questions run for any signed-in learner: the command side refuses a locked one.
  access: signedIn,
  params: problemProductParams,
  summary: "Run the user's sandbox code against the sandbox tests.",
  request: codeRun,
  response: runReply,
});

export const createSubmission = defineCall({
  route: routedPaths.createSubmission,
  state: built,
  kind: 'command',
  // Free questions run for any signed-in learner: the command side refuses a locked one.
  access: signedIn,
  params: problemProductParams,
  summary: 'Submit a solution: run every test and record the submission.',
  request: codeRun.extend({ solutionNumber: z.number().int().min(1).max(10).optional() }),
  response: submissionReply,
});

export const runCustomInput = defineCall({
  route: routedPaths.runCustomInput,
  state: built,
  kind: 'command',
  // Free questions run for any signed-in learner: the command side refuses a locked one.
  access: signedIn,
  params: problemProductParams,
  summary: 'Quick test: run the code on one JSON input.',
  request: codeRun.extend({
    input: z.string().max(100_000).refine(isJson, INVALID_QUICK_TEST_INPUT_MESSAGE),
  }),
  response: runReply,
});

export const runJsonTests = defineCall({
  route: post('runJsonTests', '/api/problems/v1/{product}/run_json_tests'),
  state: built,
  kind: 'command',
  // Free questions run for any signed-in learner: the command side refuses a locked one.
  access: signedIn,
  params: problemProductParams,
  summary: 'Run the code on JSON test cases written by the user.',
  request: codeRun.extend({ tests: z.array(z.unknown()).min(1).max(100) }),
  response: runReply,
});

export const runRepl = defineCall({
  route: post('runRepl', '/api/problems/v1/{product}/run-repl'),
  state: built,
  kind: 'command',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary: 'Run a snippet and answer its output (crash-course REPL).',
  request: z.object({
    language: codingLanguageSchema.default(DEFAULT_LANGUAGE),
    code: sourceCodeSchema,
    questionId: idSchema.optional(),
  }),
  response: runReply,
});

export const runMocha = defineCall({
  route: post('runMocha', '/api/problems/v1/{product}/run-mocha'),
  state: built,
  kind: 'command',
  // Free questions run for any signed-in learner: the command side refuses a locked one.
  access: signedIn,
  params: problemProductParams,
  summary:
    "Run a frontend question's unit tests (mocha) on the user's files, in Chromium on the server; nothing is recorded.",
  request: filesRun,
  response: runReply.extend({ tests: z.array(browserTestSchema), blockedRequests: z.array(z.string()) }),
});

export const createMcqSubmission = defineCall({
  route: post('createMcqSubmission', '/api/problems/v1/{product}/submissions/mcq/create'),
  state: built,
  kind: 'command',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary: 'Practise one multiple-choice quiz question: the chosen option (its index) judged on the server.',
  request: choiceSubmissionRequest,
  response: choiceSubmissionReply,
});

export const createFitbSubmission = defineCall({
  route: post('createFitbSubmission', '/api/problems/v1/{product}/submissions/fitb/create'),
  state: built,
  kind: 'command',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary: 'Practise one fill-in-the-blank quiz question: the text of the blank judged on the server.',
  request: choiceSubmissionRequest,
  response: choiceSubmissionReply,
});

/**
 * Not in spec 7 (spec 3 lists `revealedSolutions` in the blockchain user data, without a call): a lesson's
 * practice question shown with its answer and explanation before the learner answered it right. Only
 * the lessons' practice questions can be revealed, never a quiz's or a course assessment's. The first
 * reveal is recorded (PracticeSolutionRevealed); asking again answers the same and appends nothing. A
 * revealed question still counts once the learner answers it right (practice is for learning; the course
 * assessments, which the certificate asks for too, cannot be revealed).
 */
export const revealPracticeSolution = defineCall({
  route: post('revealPracticeSolution', '/api/problems/v1/{product}/practice-questions/reveal'),
  state: built,
  kind: 'command',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary: "Reveal a lesson practice question's answer and explanation without answering it.",
  request: z.object({ questionId: idSchema }),
  response: commandAckSchema.extend({
    question: z
      .object({
        id: idSchema,
        kind: z.enum(['mcq', 'fitb']),
        answer: z.number().int().optional(),
        answers: z.array(z.string()).optional(),
        explanation: z.string(),
      })
      .loose(),
  }),
});

/** A project's milestone as a submission judged it. */
export const milestoneResultSchema = z.object({
  index: z.number().int().nonnegative(),
  title: z.string(),
  passed: z.boolean(),
  testsPassed: z.number().int().nonnegative(),
  testsTotal: z.number().int().nonnegative(),
});
export type MilestoneResult = z.infer<typeof milestoneResultSchema>;

/** One Solidity scenario as a submission judged it (no names for hidden ones; none after a compile error). */
export const scenarioResultSchema = z.object({
  name: z.string().nullable(),
  passed: z.boolean(),
  reason: z.string().nullable(),
  /** A project's scenario: the index of its milestone. */
  milestone: z.number().int().nonnegative().optional(),
});
export type ScenarioResult = z.infer<typeof scenarioResultSchema>;

export const createSandboxSubmission = defineCall({
  route: post(
    'createSandboxSubmission',
    '/api/problems/v1/{product}/submissions/coding-question/sandbox/create',
  ),
  state: built,
  kind: 'command',
  // Free questions and projects run for any signed-in learner: the command side refuses a locked one.
  access: signedIn,
  params: problemProductParams,
  summary:
    "Submit a Solidity question or project (blockchain): compiled by solc and run against every test scenario in an EVM inside the sandbox; recorded as a submission. A project's answer says which milestones pass.",
  request: z.object({
    /** A question's id, or a project's when `kind` is `project`. */
    questionId: idSchema,
    kind: z.enum(['question', 'project']).default('question'),
    language: z.literal('solidity').default('solidity'),
    code: sourceCodeSchema,
    questionVersion: z.number().int().nonnegative().optional(),
  }),
  response: submissionReply.extend({
    /** Each scenario in order: a visible one's name and why it failed; a hidden one only its verdict. */
    scenarios: z.array(scenarioResultSchema),
    milestones: z.array(milestoneResultSchema).optional(),
  }),
});

export const createScreenshotSubmission = defineCall({
  route: post('createScreenshotSubmission', '/api/problems/v1/{product}/submissions/screenshot/create'),
  state: built,
  kind: 'command',
  // Free questions run for any signed-in learner: the command side refuses a locked one.
  access: signedIn,
  params: problemProductParams,
  summary:
    "Submit a frontend question checked by comparing the page's rendering in Chromium with the reference's, within the question's tolerance; recorded.",
  request: filesRun,
  response: submissionReply.extend({ screenshot: screenshotComparisonSchema }),
});

export const createMochaSubmission = defineCall({
  route: post(
    'createMochaSubmission',
    '/api/problems/v1/{product}/submissions/frontend-question/mocha/create',
  ),
  state: built,
  kind: 'command',
  // Free questions run for any signed-in learner: the command side refuses a locked one.
  access: signedIn,
  params: problemProductParams,
  summary:
    'Submit a frontend question checked by its unit tests (mocha in Chromium on the server); recorded.',
  request: filesRun,
  response: submissionReply.extend({
    tests: z.array(browserTestSchema),
    blockedRequests: z.array(z.string()),
  }),
});
