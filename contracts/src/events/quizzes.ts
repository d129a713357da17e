import { z } from 'zod';
import { defineEvent } from './define';
import { problemProductIds } from '../constants';

const answerSchema = z.union([z.string().max(10_000), z.array(z.string().max(1000)).max(50), z.number()]);

/**
 * A learner started (or restarted), answered or finished a product's quiz: the answers as they stand
 * after the action (they replace the previous ones), and on finishing the score the server judged.
 */
export const QuizProgressRecordedV1 = defineEvent({
  type: 'QuizProgressRecorded',
  version: 1,
  schema: z.object({
    product: z.enum(problemProductIds),
    quizId: z.string().min(1).max(200),
    userId: z.uuid(),
    action: z.enum(['started', 'answered', 'finished']),
    answers: z.record(z.string().max(200), answerSchema),
    score: z
      .object({
        correct: z.number().int().nonnegative(),
        total: z.number().int().nonnegative(),
        percent: z.number().int().min(0).max(100),
      })
      .nullable(),
  }),
});
export type QuizProgressRecorded = z.infer<typeof QuizProgressRecordedV1.schema>;

/** A learner's quizzes of one product: one stream. */
export const quizStreamId = (product: string, userId: string) => `quiz-${product}-${userId}`;

/**
 * A learner practised one quiz question on its own (submissions/mcq/create, submissions/fitb/create):
 * the answer given and the server's verdict. Practice never touches the quiz's answers or score.
 */
export const ChoiceQuestionAnsweredV1 = defineEvent({
  type: 'ChoiceQuestionAnswered',
  version: 1,
  schema: z.object({
    userId: z.uuid(),
    product: z.enum(problemProductIds),
    questionId: z.string().min(1).max(200),
    kind: z.enum(['mcq', 'fitb']),
    answer: z.string().max(1000),
    correct: z.boolean(),
  }),
});
export type ChoiceQuestionAnswered = z.infer<typeof ChoiceQuestionAnsweredV1.schema>;

/**
 * A learner revealed the answer of one of a lesson's practice questions before answering it right
 * (recorded once per question: revealing it again appends nothing).
 */
export const PracticeSolutionRevealedV1 = defineEvent({
  type: 'PracticeSolutionRevealed',
  version: 1,
  schema: z.object({
    userId: z.uuid(),
    product: z.enum(problemProductIds),
    questionId: z.string().min(1).max(200),
  }),
});
export type PracticeSolutionRevealed = z.infer<typeof PracticeSolutionRevealedV1.schema>;

/** A learner's practice answers (and revealed practice solutions) of one product: one stream. */
export const practiceStreamId = (product: string, userId: string) => `practice-${product}-${userId}`;
