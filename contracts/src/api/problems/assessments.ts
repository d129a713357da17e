import { z } from 'zod';
import { commandAckSchema, defineCall, ownerOfPathProduct } from '../define';
import { built } from '../build-state';
import type { Access } from '../define';
import { post } from '../call-path';
import {
  emptyRequest,
  idSchema,
  problemProductParams,
  submissionStatusSchema,
  timestampSchema,
} from '../common';
import { codingLanguages, difficulties } from '../../constants';
import { contentItemSchema } from './shared-schemas';

/*
 * Spec 7, Assessments (algorithms, under /api/problems/v1/assessments/), and the per-course assessment
 * questions of a product (blockchain's, under /api/problems/v1/{product}/).
 */

const algoexpertOwner: Access = { kind: 'owner', product: 'algoexpert' };

/** How an assessment stands: running, or how it ended (rules/assessments.ts). */
export const assessmentStateSchema = z.enum(['running', 'submitted', 'abandoned', 'timedOut']);

/** The judged submission that ended an assessment. */
export const assessmentResultSchema = z.object({
  language: z.enum(codingLanguages),
  status: submissionStatusSchema,
  testsPassed: z.number().int().nonnegative(),
  testsTotal: z.number().int().nonnegative(),
});

/** One assessment of the learner's history. */
export const assessmentAttemptSchema = z.object({
  assessmentId: z.uuid(),
  questionId: idSchema,
  name: z.string(),
  startedAt: timestampSchema,
  expiresAt: timestampSchema,
  finishedAt: timestampSchema.nullable(),
  state: assessmentStateSchema,
  result: assessmentResultSchema.nullable(),
});
export type AssessmentAttempt = z.infer<typeof assessmentAttemptSchema>;

/** A question one can be assessed on, with the time allowed and the learner's attempts on it. */
export const assessmentSummarySchema = z
  .object({
    questionId: idSchema,
    name: z.string(),
    category: z.string(),
    difficulty: z.literal(difficulties),
    timeLimitSeconds: z.number().int().positive(),
    attempts: z.number().int().nonnegative(),
    bestStatus: submissionStatusSchema.nullable(),
  })
  .loose();
export type AssessmentSummary = z.infer<typeof assessmentSummarySchema>;

export const currentAssessmentSchema = z
  .object({
    assessmentId: z.uuid(),
    questionId: idSchema,
    name: z.string(),
    startedAt: timestampSchema,
    expiresAt: timestampSchema.nullable(),
    timeLimitSeconds: z.number().int().positive(),
  })
  .loose();
export type CurrentAssessment = z.infer<typeof currentAssessmentSchema>;

export const listAssessments = defineCall({
  route: post('listAssessments', '/api/problems/v1/assessments/list'),
  state: built,
  kind: 'query',
  access: algoexpertOwner,
  summary:
    "Assessment questions grouped by difficulty label, and the learner's assessments (history, newest first).",
  request: emptyRequest,
  response: z.object({
    groupedSummaries: z.record(z.string(), z.array(assessmentSummarySchema)),
    history: z.array(assessmentAttemptSchema),
  }),
});

export const startAssessment = defineCall({
  route: post('startAssessment', '/api/problems/v1/assessments/start'),
  state: built,
  kind: 'command',
  access: algoexpertOwner,
  summary:
    'Start a timed assessment on one question (409 ASSESSMENT_IN_PROGRESS while another runs; one whose time ran out is finished as timed out first).',
  request: z.object({ questionId: idSchema }),
  response: commandAckSchema.extend({ assessment: currentAssessmentSchema }),
});

export const getCurrentAssessment = defineCall({
  route: post('getCurrentAssessment', '/api/problems/v1/assessments/current/get'),
  state: built,
  kind: 'query',
  access: algoexpertOwner,
  summary: 'The assessment in progress, if any (null once its time ran out).',
  request: emptyRequest,
  response: z.object({ assessment: currentAssessmentSchema.nullable() }),
});

export const abandonCurrentAssessment = defineCall({
  route: post('abandonCurrentAssessment', '/api/problems/v1/assessments/current/abandon'),
  state: built,
  kind: 'command',
  access: algoexpertOwner,
  summary: 'Abandon the assessment in progress (409 ASSESSMENT_NOT_RUNNING when none runs).',
  request: emptyRequest,
  response: commandAckSchema,
});

export const getAssessmentDetails = defineCall({
  route: post('getAssessmentDetails', '/api/problems/v1/assessments/details/get'),
  state: built,
  kind: 'query',
  access: algoexpertOwner,
  summary:
    "One assessment question (404 NOT_FOUND when there is none), with the time allowed and the learner's attempts on it.",
  request: z.object({ questionId: idSchema }),
  response: contentItemSchema.extend({
    name: z.string(),
    category: z.string(),
    difficulty: z.literal(difficulties),
    timeLimitSeconds: z.number().int().positive(),
    attempts: z.array(assessmentAttemptSchema),
  }),
});

/**
 * One question of a course's assessment as assessments/get answers it: its prompt and (an mcq) its
 * choices; its right answer and explanation only once the learner has answered it right.
 */
export const courseAssessmentQuestionSchema = z.object({
  id: idSchema,
  /** Its place in the assessment, from 1 (the page's `questionNumber`). */
  number: z.number().int().min(1),
  kind: z.enum(['mcq', 'fitb']),
  topic: z.string(),
  prompt: z.string(),
  choices: z.array(z.string()).optional(),
  /** When the learner first answered it right; null while they have not. */
  answeredRightAt: timestampSchema.nullable(),
  /** The right choice (mcq) or the accepted answers (fitb), once answered right. */
  answer: z.number().int().nonnegative().optional(),
  answers: z.array(z.string()).optional(),
  explanation: z.string().optional(),
});
export type CourseAssessmentQuestion = z.infer<typeof courseAssessmentQuestionSchema>;

export const getProductAssessments = defineCall({
  route: post('getProductAssessments', '/api/problems/v1/{product}/assessments/get'),
  state: built,
  kind: 'query',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary:
    "The assessment of one course (`sectionName` is the course's section, e.g. solidity-fundamentals): its questions in order, never an answer the learner has not found, and how many they answered right (404 NOT_FOUND for a course with no assessment).",
  request: z.object({ sectionName: z.string().trim().min(1).max(200) }),
  response: z.object({
    sectionName: z.string(),
    items: z.array(courseAssessmentQuestionSchema),
    numQuestionsCompleted: z.number().int().nonnegative(),
    numQuestionsRequired: z.number().int().nonnegative(),
  }),
});
