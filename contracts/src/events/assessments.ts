import { z } from 'zod';
import { defineEvent } from './define';
import { codingLanguages, submissionStatuses } from '../constants';

/**
 * A learner started a timed assessment on one algorithms coding question: the question's id (slug),
 * the version they are judged against and when the time runs out. One assessment runs at a time.
 */
export const AssessmentStartedV1 = defineEvent({
  type: 'AssessmentStarted',
  version: 1,
  schema: z.object({
    assessmentId: z.uuid(),
    userId: z.uuid(),
    questionId: z.string().min(1).max(200),
    questionVersion: z.number().int().positive(),
    timeLimitSeconds: z.number().int().positive(),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
});
export type AssessmentStarted = z.infer<typeof AssessmentStartedV1.schema>;

/**
 * The running assessment ended: `submitted` with the judged submission's outcome (one submission ends
 * it), `abandoned` by the learner, or `timedOut` when the learner acted after its time ran out.
 */
export const AssessmentFinishedV1 = defineEvent({
  type: 'AssessmentFinished',
  version: 1,
  schema: z.object({
    assessmentId: z.uuid(),
    userId: z.uuid(),
    questionId: z.string().min(1).max(200),
    outcome: z.enum(['submitted', 'abandoned', 'timedOut']),
    result: z
      .object({
        submissionId: z.uuid(),
        language: z.enum(codingLanguages),
        status: z.enum(submissionStatuses),
        testsPassed: z.number().int().nonnegative(),
        testsTotal: z.number().int().nonnegative(),
      })
      .nullable(),
  }),
});
export type AssessmentFinished = z.infer<typeof AssessmentFinishedV1.schema>;

/** A learner's assessments: one stream. */
export const assessmentsStreamId = (userId: string) => `assessments-${userId}`;
