import { z } from 'zod';
import { defineEvent } from './define';
import { codingLanguages, problemProductIds, submissionLanguages, submissionStatuses } from '../constants';

/**
 * A learner submitted code for a question and it was judged against every test. The event id is
 * the submission id, so a retried or double-clicked submission is stored once. The code itself is
 * not stored, only its SHA-256 (to tell resubmissions of the same code apart).
 */
export const CodeSubmittedV1 = defineEvent({
  type: 'CodeSubmitted',
  version: 1,
  schema: z.object({
    userId: z.uuid(),
    product: z.enum(problemProductIds),
    questionId: z.string().min(1).max(200),
    questionVersion: z.number().int().nonnegative(),
    /** A wider enum than version 1's nine languages reads every older event. */
    language: z.enum(submissionLanguages),
    status: z.enum(submissionStatuses),
    testsPassed: z.number().int().nonnegative(),
    testsTotal: z.number().int().nonnegative(),
    codeSha256: z.string().regex(/^[0-9a-f]{64}$/),
    durationMs: z.number().int().nonnegative(),
  }),
});
export type CodeSubmitted = z.infer<typeof CodeSubmittedV1.schema>;

/** The learner reset their submissions of a product (submissions/deleteAll). */
export const SubmissionsResetV1 = defineEvent({
  type: 'SubmissionsReset',
  version: 1,
  schema: z.object({ userId: z.uuid(), product: z.enum(problemProductIds) }),
});
export type SubmissionsReset = z.infer<typeof SubmissionsResetV1.schema>;

/**
 * A learner ran code for the first time (Run Code, or a custom input): runs are not kept as events, this
 * first one is, so the learner funnel can count it. Appended once per learner, to a stream of its own.
 */
export const FirstCodeRunRecordedV1 = defineEvent({
  type: 'FirstCodeRunRecorded',
  version: 1,
  schema: z.object({
    userId: z.uuid(),
    product: z.enum(problemProductIds),
    questionId: z.string().min(1).max(200),
    language: z.enum(codingLanguages),
  }),
});
export type FirstCodeRunRecorded = z.infer<typeof FirstCodeRunRecordedV1.schema>;

export const firstRunStreamId = (userId: string) => `first-run-${userId}`;

export const submissionsStreamId = (userId: string) => `submissions-${userId}`;
