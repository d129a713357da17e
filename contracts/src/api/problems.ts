import { z } from 'zod';
import { anyone, commandAckSchema, defineCall, looseObject, ownerOfPathProduct, signedIn } from './define';
import { post } from './call-path';
import * as routedPaths from './routed-call-paths';
import type { Access } from './define';
import {
  codingLanguageSchema,
  emptyRequest,
  fetchRequestSchema,
  idSchema,
  problemProductParams,
  problemProductSchema,
  sourceCodeSchema,
  submissionStatusSchema,
  timestampSchema,
  unlockProductParams,
  voteSchema,
} from './common';
import {
  difficulties,
  DEFAULT_CERTIFICATE_VERSION,
  DEFAULT_LANGUAGE,
  INVALID_QUICK_TEST_INPUT_MESSAGE,
} from '../constants';

/*
 * Spec 7, Problems. Content reads per product live under /api/problems/v1/{product}/.
 * Access rule used throughout: catalogue lists (names, difficulty, acl flags) are open to anyone,
 * full content and code runs need the path's product, saved progress needs a signed-in user.
 */

const algoexpertOwner: Access = { kind: 'owner', product: 'algoexpert' };
const systemsexpertOwner: Access = { kind: 'owner', product: 'systemsexpert' };

// ---------------------------------------------------------------------------
// Entities
// ---------------------------------------------------------------------------

/**
 * A content document (lesson, glossary entry, tip, design question, project...). The spec gives no
 * shapes for content; documents carry an id and whatever their kind needs.
 */
export const contentItemSchema = z.object({ id: idSchema }).loose();
export type ContentItem = z.infer<typeof contentItemSchema>;
const contentList = z.object({ items: z.array(contentItemSchema) });

/** Question of spec 3 (algorithms; the other tracks' coding questions share it). */
export const questionSchema = z
  .object({
    id: idSchema,
    uid: z.string(),
    name: z.string(),
    category: z.string(),
    /** 1 Easy .. 4 Very Hard; the client shows the label. */
    difficulty: z.literal(difficulties),
    metadata: z.object({ number: z.number().int() }).loose(),
    acl: z.object({ isAvailable: z.boolean() }),
    /** Open to everyone, owner or not (the question list's per-person access filters). */
    isFree: z.boolean().optional(),
    video: z.object({ instructor: z.string() }).loose().nullable().optional(),
  })
  .loose();
export type Question = z.infer<typeof questionSchema>;

/** Hint of spec 3. lockedDuration: how long the hint stays locked, in seconds (unit not given). */
export const hintSchema = z.object({
  title: z.string(),
  content: z.string(),
  isNew: z.boolean(),
  lockedDuration: z.number().nonnegative(),
});

/** A question with its prompt and hints; the rest (starter code, tests shown) passes through. */
export const questionDetailSchema = questionSchema.extend({
  prompt: z.string(),
  hints: z.array(hintSchema),
  /** Current version; runs against an older one fail with PROBLEMS_VERSION_MISMATCH. */
  version: z.number().int().nonnegative(),
});

export const submissionSchema = z.object({
  questionId: idSchema,
  status: submissionStatusSchema,
  timestamp: timestampSchema,
});
export type Submission = z.infer<typeof submissionSchema>;

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
});
export type RunResponse = z.infer<typeof runResponseSchema>;

/** Unlock flags and progress of spec 3; each product reports the counts that apply to it. */
export const unlockProgressSchema = z.object({
  hasUnlockedLatestCert: z.boolean(),
  hasUnlockedRecruitingProfile: z.boolean(),
  latestCertVersion: z.string().default(DEFAULT_CERTIFICATE_VERSION),
  numQuestionsCompleted: z.number().int().nonnegative().optional(),
  numQuestionsRequired: z.number().int().nonnegative().optional(),
  numAssessmentQuestionsCompleted: z.number().int().nonnegative().optional(),
  numAssessmentQuestionsRequired: z.number().int().nonnegative().optional(),
  numPracticeQuestionsCompleted: z.number().int().nonnegative().optional(),
  numPracticeQuestionsRequired: z.number().int().nonnegative().optional(),
  quizScore: z.number().nonnegative().optional(),
  quizScoreRequired: z.number().nonnegative().optional(),
  /** Consecutive UTC days with a CORRECT submission, the run ending today or yesterday. */
  currentStreakDays: z.number().int().nonnegative().optional(),
  /** The longest such run ever. */
  longestStreakDays: z.number().int().nonnegative().optional(),
});
export type UnlockProgress = z.infer<typeof unlockProgressSchema>;

/** A quiz answer: one choice, several choices, or a number. */
export const quizAnswerSchema = z.union([
  z.string().max(10_000),
  z.array(z.string().max(1000)).max(50),
  z.number(),
]);
const quizAnswersSchema = z.record(idSchema, quizAnswerSchema);

/** Quiz of spec 3: questions pass through; userAnswers is what setting answers replaces. */
export const quizSchema = z
  .object({
    id: idSchema,
    userAnswers: quizAnswersSchema,
    score: z.number().nullable().optional(),
    finishedAt: timestampSchema.nullable().optional(),
  })
  .loose();
export type Quiz = z.infer<typeof quizSchema>;

export const sharedSolutionSchema = z
  .object({
    id: idSchema,
    upvotes: z.number().int(),
    currentUserVote: voteSchema,
    title: z.string(),
    explanation: z.string(),
    language: codingLanguageSchema,
    solution: z.string(),
  })
  .loose();
export type SharedSolution = z.infer<typeof sharedSolutionSchema>;

export const commentSchema = z
  .object({
    id: idSchema,
    content: z.string(),
    upvotes: z.number().int(),
    currentUserVote: voteSchema,
    wasEdited: z.boolean(),
    numChildren: z.number().int().nonnegative(),
    parentId: idSchema.nullable(),
  })
  .loose();
export type Comment = z.infer<typeof commentSchema>;

export const certificateSchema = z.object({ version: z.string() }).loose();

// ---------------------------------------------------------------------------
// Per-product content
// ---------------------------------------------------------------------------

export const getGlossary = defineCall({
  route: post('getGlossary', '/api/problems/v1/{product}/glossary/get'),
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary: "The product's glossary (base content everyone loads).",
  request: emptyRequest,
  response: contentList,
});

export const getDataStructures = defineCall({
  route: post('getDataStructures', '/api/problems/v1/{product}/datastructures/get'),
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary: 'Data-structure lessons; the text of locked ones is null.',
  request: emptyRequest,
  response: contentList,
});

export const listCodingQuestions = defineCall({
  route: routedPaths.listCodingQuestions,
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary: 'Coding-question catalogue with availability flags.',
  request: emptyRequest,
  response: z.object({ questions: z.array(questionSchema) }),
});

export const getCodingQuestion = defineCall({
  route: routedPaths.getCodingQuestion,
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary:
    'One coding question, by name or uid: everyone may open the free ones, owners all (PRODUCT_NOT_OWNED otherwise).',
  request: z
    .object({ name: z.string().trim().min(1).max(200).optional(), uid: idSchema.optional() })
    .refine((r) => r.name !== undefined || r.uid !== undefined, 'Give the question name or uid.'),
  response: questionDetailSchema,
});

export const getTips = defineCall({
  route: post('getTips', '/api/problems/v1/{product}/tips/get'),
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary: 'Tips of the product; the text of locked ones is null.',
  request: emptyRequest,
  response: contentList,
});

export const listDesignQuestions = defineCall({
  route: post('listDesignQuestions', '/api/problems/v1/{product}/design-questions/list'),
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary: 'Design-question catalogue.',
  request: emptyRequest,
  response: contentList,
});

export const getDesignQuestion = defineCall({
  route: post('getDesignQuestion', '/api/problems/v1/{product}/design-questions/get'),
  kind: 'query',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary: 'One design question.',
  request: z.object({ questionId: idSchema }),
  response: contentItemSchema,
});

export const listLongFormQuestions = defineCall({
  route: post('listLongFormQuestions', '/api/problems/v1/{product}/long-form-questions/list'),
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary: 'Long-form question catalogue.',
  request: emptyRequest,
  response: contentList,
});

export const getLongFormQuestion = defineCall({
  route: post('getLongFormQuestion', '/api/problems/v1/{product}/long-form-questions/get'),
  kind: 'query',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary: 'One long-form question.',
  request: z.object({ questionId: idSchema }),
  response: contentItemSchema,
});

export const getInterviewTips = defineCall({
  route: post('getInterviewTips', '/api/problems/v1/{product}/interview-tips/get'),
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary: 'Interview-tip lessons; the text of locked ones is null.',
  request: emptyRequest,
  response: contentList,
});

export const listInterviewQuestions = defineCall({
  route: post('listInterviewQuestions', '/api/problems/v1/{product}/interview-questions/list'),
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary: 'Interview-question catalogue.',
  request: emptyRequest,
  response: contentList,
});

export const getFundamentals = defineCall({
  route: post('getFundamentals', '/api/problems/v1/{product}/fundamentals/get'),
  kind: 'query',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary: 'Fundamentals lessons (systems design).',
  request: emptyRequest,
  response: contentList,
});

export const listLessons = defineCall({
  route: post('listLessons', '/api/problems/v1/{product}/lessons/list'),
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary: 'Lessons of one course section (for example a crash course).',
  request: z.object({ section: z.string().trim().min(1).max(200) }),
  response: contentList,
});

export const getLesson = defineCall({
  route: post('getLesson', '/api/problems/v1/{product}/lessons/get'),
  kind: 'query',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary: 'One lesson.',
  request: z.object({ lessonId: idSchema }),
  response: contentItemSchema,
});

export const getProductAssessments = defineCall({
  route: post('getProductAssessments', '/api/problems/v1/{product}/assessments/get'),
  kind: 'query',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary: "Assessment questions of one course section (blockchain's per-course assessments).",
  request: z.object({ sectionName: z.string().trim().min(1).max(200) }),
  response: contentList,
});

export const listProjects = defineCall({
  route: post('listProjects', '/api/problems/v1/{product}/projects/list'),
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary: 'Project catalogue (blockchain).',
  request: emptyRequest,
  response: contentList,
});

export const getProject = defineCall({
  route: post('getProject', '/api/problems/v1/{product}/projects/get'),
  kind: 'query',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary: 'One project.',
  request: z.object({ projectId: idSchema }),
  response: contentItemSchema,
});

// ---------------------------------------------------------------------------
// Per-product user data and unlocks
// ---------------------------------------------------------------------------

/** The shape of each track's document is in spec 3 (algorithms, frontend, infrastructure, blockchain...). */
export const getUserData = defineCall({
  route: routedPaths.getUserData,
  kind: 'query',
  access: signedIn,
  params: problemProductParams,
  summary: "The parts of the user's saved data for this product that the fetch map selects.",
  request: fetchRequestSchema,
  response: looseObject,
});

/**
 * Volatile per-user state (drafts, options, orderings): deep-merged by default (objects merge, arrays
 * and scalars replace, null deletes); deepMerge false replaces the top-level keys given. Merge and
 * limits: contracts/src/rules/user-data.ts (400 USER_DATA_TOO_LARGE over them).
 */
export const setUserData = defineCall({
  route: routedPaths.setUserData,
  kind: 'command',
  access: signedIn,
  params: problemProductParams,
  summary: "Save part of the user's data for this product.",
  request: z.object({ data: looseObject, deepMerge: z.boolean().default(true) }),
  response: commandAckSchema,
});

export const getUnlocks = defineCall({
  route: routedPaths.getUnlocks,
  kind: 'query',
  access: signedIn,
  params: unlockProductParams,
  summary: 'Certificate and recruiting-profile unlock progress for this product.',
  request: emptyRequest,
  response: unlockProgressSchema,
});

// ---------------------------------------------------------------------------
// Quizzes: per product, and the systems-design quiz
// ---------------------------------------------------------------------------

const quizIdRequest = z.object({ id: idSchema });
const quizAnswersRequest = z.object({ id: idSchema, answers: quizAnswersSchema });
const quizReply = commandAckSchema.extend({ quiz: quizSchema });

export const listQuizzes = defineCall({
  route: post('listQuizzes', '/api/problems/v1/{product}/quiz/list'),
  kind: 'query',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary: "The product's quizzes with the user's answers.",
  request: emptyRequest,
  response: z.array(quizSchema),
});

export const startQuiz = defineCall({
  route: post('startQuiz', '/api/problems/v1/{product}/quiz/start'),
  kind: 'command',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary: 'Start (or restart) a quiz.',
  request: quizIdRequest,
  response: quizReply,
});

export const answerQuiz = defineCall({
  route: post('answerQuiz', '/api/problems/v1/{product}/quiz/answer'),
  kind: 'command',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary: "Replace the quiz's answers.",
  request: quizAnswersRequest,
  response: quizReply,
});

export const finishQuiz = defineCall({
  route: post('finishQuiz', '/api/problems/v1/{product}/quiz/finish'),
  kind: 'command',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary: 'Finish a quiz and score it.',
  request: quizAnswersRequest,
  response: quizReply,
});

/*
 * "also on systems-design-quiz" (spec 7): read as the same four calls on a systems-design-quiz
 * resource beside assessments, /api/problems/v1/systems-design-quiz/..., owned by systemsexpert.
 */
export const listSystemsDesignQuizzes = defineCall({
  route: post('listSystemsDesignQuizzes', '/api/problems/v1/systems-design-quiz/list'),
  kind: 'query',
  access: systemsexpertOwner,
  summary: "The systems-design quizzes with the user's answers.",
  request: emptyRequest,
  response: z.array(quizSchema),
});

export const startSystemsDesignQuiz = defineCall({
  route: post('startSystemsDesignQuiz', '/api/problems/v1/systems-design-quiz/start'),
  kind: 'command',
  access: systemsexpertOwner,
  summary: 'Start (or restart) a systems-design quiz.',
  request: quizIdRequest,
  response: quizReply,
});

export const answerSystemsDesignQuiz = defineCall({
  route: post('answerSystemsDesignQuiz', '/api/problems/v1/systems-design-quiz/answer'),
  kind: 'command',
  access: systemsexpertOwner,
  summary: "Replace the systems-design quiz's answers.",
  request: quizAnswersRequest,
  response: quizReply,
});

export const finishSystemsDesignQuiz = defineCall({
  route: post('finishSystemsDesignQuiz', '/api/problems/v1/systems-design-quiz/finish'),
  kind: 'command',
  access: systemsexpertOwner,
  summary: 'Finish a systems-design quiz and score it.',
  request: quizAnswersRequest,
  response: quizReply,
});

// ---------------------------------------------------------------------------
// Code execution (spec 7). Placed per product, so ownership is checked from the path;
// the ML track's submissions go to /api/problems/v1/mlexpert/... (spec: product key 'mlexpert').
// Request shapes are not in the spec; these fields are ours.
// ---------------------------------------------------------------------------

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
const submissionReply = runReply.extend({ submission: submissionSchema });
/** Answer to a multiple-choice or fill-in-the-blank submission: no code ran. */
const choiceSubmissionReply = commandAckSchema.extend({ correct: z.boolean(), submission: submissionSchema });

export const languageStatusSchema = z.object({
  language: codingLanguageSchema,
  available: z.boolean(),
  /** Why a language is unavailable (its toolchain is missing here). */
  reason: z.string().optional(),
});

/** Not in spec 7: which of the nine languages this deployment can run now. */
export const listLanguages = defineCall({
  route: routedPaths.listLanguages,
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
  kind: 'command',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary: "Run a frontend question's unit tests (mocha) on the user's files.",
  request: filesRun,
  response: runReply,
});

export const createMcqSubmission = defineCall({
  route: post('createMcqSubmission', '/api/problems/v1/{product}/submissions/mcq/create'),
  kind: 'command',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary: 'Submit the chosen options of a multiple-choice question.',
  request: z.object({ questionId: idSchema, answers: z.array(z.string().max(1000)).min(1).max(50) }),
  response: choiceSubmissionReply,
});

export const createFitbSubmission = defineCall({
  route: post('createFitbSubmission', '/api/problems/v1/{product}/submissions/fitb/create'),
  kind: 'command',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary: 'Submit the blanks of a fill-in-the-blank question.',
  request: z.object({ questionId: idSchema, answers: z.array(z.string().max(1000)).min(1).max(50) }),
  response: choiceSubmissionReply,
});

export const createSandboxSubmission = defineCall({
  route: post(
    'createSandboxSubmission',
    '/api/problems/v1/{product}/submissions/coding-question/sandbox/create',
  ),
  kind: 'command',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary: 'Submit a coding question whose tests run in the sandbox (every test must pass).',
  request: codeRun,
  response: submissionReply,
});

export const createScreenshotSubmission = defineCall({
  route: post('createScreenshotSubmission', '/api/problems/v1/{product}/submissions/screenshot/create'),
  kind: 'command',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary: 'Submit a frontend question checked by comparing a rendering with the expected screenshot.',
  request: filesRun,
  response: submissionReply,
});

export const createMochaSubmission = defineCall({
  route: post(
    'createMochaSubmission',
    '/api/problems/v1/{product}/submissions/frontend-question/mocha/create',
  ),
  kind: 'command',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary: 'Submit a frontend question checked by its unit tests.',
  request: filesRun,
  response: submissionReply,
});

// ---------------------------------------------------------------------------
// Submissions, behaviorals, certificates
// ---------------------------------------------------------------------------

export const listSubmissions = defineCall({
  route: routedPaths.listSubmissions,
  kind: 'query',
  access: signedIn,
  summary: "The user's latest submission per question of a product.",
  request: z.object({ product: problemProductSchema }),
  response: z.object({ submissions: z.array(submissionSchema) }),
});

export const deleteAllSubmissions = defineCall({
  route: post('deleteAllSubmissions', '/api/problems/v1/submissions/deleteAll'),
  kind: 'command',
  access: signedIn,
  summary: "Reset the user's submissions of a product.",
  request: z.object({ product: problemProductSchema }),
  response: commandAckSchema,
});

/** Behavioral lessons come with every product (backend owners load only these); the handler checks one is owned. */
export const getBehaviorals = defineCall({
  route: post('getBehaviorals', '/api/problems/v1/behaviorals/get'),
  kind: 'query',
  access: anyone,
  summary: 'Behavioral-interview lessons (algorithms); the text of locked ones is null.',
  request: emptyRequest,
  response: contentList,
});

export const getMyCertificates = defineCall({
  route: routedPaths.getMyCertificates,
  kind: 'query',
  access: signedIn,
  summary: "The user's certificates, sorted by version, and how many were issued overall.",
  request: emptyRequest,
  response: z.object({
    globalCount: z.number().int().nonnegative(),
    certificates: z.array(certificateSchema),
  }),
});

export const generateCertificate = defineCall({
  route: routedPaths.generateCertificate,
  kind: 'command',
  access: signedIn,
  summary: 'Issue a certificate and answer where to download it.',
  request: z.object({
    /** What goes on the certificate (for example the name to print); not shown in the spec. */
    data: looseObject,
    type: z.string().trim().min(1).max(100),
  }),
  response: commandAckSchema.extend({ url: z.string() }),
});

// ---------------------------------------------------------------------------
// Assessments (algorithms)
// ---------------------------------------------------------------------------

export const assessmentSummarySchema = z.object({ questionId: idSchema, name: z.string() }).loose();
export const currentAssessmentSchema = z
  .object({ questionId: idSchema, startedAt: timestampSchema, expiresAt: timestampSchema.nullable() })
  .loose();

export const listAssessments = defineCall({
  route: post('listAssessments', '/api/problems/v1/assessments/list'),
  kind: 'query',
  access: algoexpertOwner,
  summary: 'Assessment questions, grouped (group names are not shown in the spec).',
  request: emptyRequest,
  response: z.object({ groupedSummaries: z.record(z.string(), z.array(assessmentSummarySchema)) }),
});

export const startAssessment = defineCall({
  route: post('startAssessment', '/api/problems/v1/assessments/start'),
  kind: 'command',
  access: algoexpertOwner,
  summary: 'Start an assessment on one question.',
  request: z.object({ questionId: idSchema }),
  response: commandAckSchema.extend({ assessment: currentAssessmentSchema }),
});

export const getCurrentAssessment = defineCall({
  route: post('getCurrentAssessment', '/api/problems/v1/assessments/current/get'),
  kind: 'query',
  access: algoexpertOwner,
  summary: 'The assessment in progress, if any.',
  request: emptyRequest,
  response: z.object({ assessment: currentAssessmentSchema.nullable() }),
});

export const abandonCurrentAssessment = defineCall({
  route: post('abandonCurrentAssessment', '/api/problems/v1/assessments/current/abandon'),
  kind: 'command',
  access: algoexpertOwner,
  summary: 'Abandon the assessment in progress.',
  request: emptyRequest,
  response: commandAckSchema,
});

export const getAssessmentDetails = defineCall({
  route: post('getAssessmentDetails', '/api/problems/v1/assessments/details/get'),
  kind: 'query',
  access: algoexpertOwner,
  summary: 'One assessment question with its prompt.',
  request: z.object({ questionId: idSchema }),
  response: contentItemSchema,
});

// ---------------------------------------------------------------------------
// Shared solutions and comments: reading is open, writing needs sign-in (spec 5 share prompts)
// ---------------------------------------------------------------------------

const page = z.number().int().min(0).max(10_000).default(0);
const commentContent = z.string().trim().min(1, 'The comment is empty.').max(10_000);
const voteReply = commandAckSchema.extend({ upvotes: z.number().int(), currentUserVote: voteSchema });

export const submitSharedSolution = defineCall({
  route: post('submitSharedSolution', '/api/problems/v1/shared-solutions/submit'),
  kind: 'command',
  access: signedIn,
  summary: 'Share a solution to a question.',
  request: z.object({
    questionId: idSchema,
    title: z.string().trim().min(1, 'The title is empty.').max(200),
    explanation: z.string().max(20_000),
    language: codingLanguageSchema,
    solution: sourceCodeSchema.min(1, 'The solution is empty.'),
  }),
  response: commandAckSchema.extend({ sharedSolution: sharedSolutionSchema }),
});

export const listSharedSolutions = defineCall({
  route: post('listSharedSolutions', '/api/problems/v1/shared-solutions/list'),
  kind: 'query',
  access: anyone,
  summary: 'One page (10) of shared solutions to a question.',
  request: z.object({ questionId: idSchema, page, language: codingLanguageSchema.optional() }),
  response: z.object({
    solutions: z.array(sharedSolutionSchema),
    totalCount: z.number().int().nonnegative(),
    hasMore: z.boolean(),
  }),
});

export const voteSharedSolution = defineCall({
  route: post('voteSharedSolution', '/api/problems/v1/shared-solutions/vote'),
  kind: 'command',
  access: signedIn,
  summary: 'Vote on a shared solution (-1, 0 or 1).',
  request: z.object({ solutionId: idSchema, vote: voteSchema }),
  response: voteReply,
});

export const deleteSharedSolution = defineCall({
  route: post('deleteSharedSolution', '/api/problems/v1/shared-solutions/delete'),
  kind: 'command',
  access: signedIn,
  summary: 'Delete one of your shared solutions.',
  request: z.object({ solutionId: idSchema }),
  response: commandAckSchema,
});

export const createComment = defineCall({
  route: post('createComment', '/api/problems/v1/shared-solutions/comments/create'),
  kind: 'command',
  access: signedIn,
  summary: 'Comment on a shared solution, or reply to a comment.',
  request: z.object({
    solutionId: idSchema,
    content: commentContent,
    parentId: idSchema.nullable().optional(),
  }),
  response: commandAckSchema.extend({ comment: commentSchema }),
});

export const listComments = defineCall({
  route: post('listComments', '/api/problems/v1/shared-solutions/comments/list'),
  kind: 'query',
  access: anyone,
  summary: 'One page (20) of top-level comments on a shared solution.',
  request: z.object({ solutionId: idSchema, page }),
  response: z.object({
    comments: z.array(commentSchema),
    totalCount: z.number().int().nonnegative(),
    hasMore: z.boolean(),
  }),
});

export const voteComment = defineCall({
  route: post('voteComment', '/api/problems/v1/shared-solutions/comments/vote'),
  kind: 'command',
  access: signedIn,
  summary: 'Vote on a comment (-1, 0 or 1).',
  request: z.object({ commentId: idSchema, vote: voteSchema }),
  response: voteReply,
});

export const deleteComment = defineCall({
  route: post('deleteComment', '/api/problems/v1/shared-solutions/comments/delete'),
  kind: 'command',
  access: signedIn,
  summary: 'Delete one of your comments.',
  request: z.object({ commentId: idSchema }),
  response: commandAckSchema,
});

export const editComment = defineCall({
  route: post('editComment', '/api/problems/v1/shared-solutions/comments/edit'),
  kind: 'command',
  access: signedIn,
  summary: 'Edit one of your comments (marks it edited).',
  request: z.object({ commentId: idSchema, content: commentContent }),
  response: commandAckSchema.extend({ comment: commentSchema }),
});

export const listNestedComments = defineCall({
  route: post('listNestedComments', '/api/problems/v1/shared-solutions/nested-comments/list'),
  kind: 'query',
  access: anyone,
  summary: 'The next batch (10) of replies to a comment, by cursor.',
  request: z.object({ parentId: idSchema, cursor: z.string().max(500).nullable().optional() }),
  response: z.object({
    comments: z.array(commentSchema),
    /** Pass back to get the next batch; null at the end. */
    cursor: z.string().nullable(),
    hasMore: z.boolean(),
  }),
});
