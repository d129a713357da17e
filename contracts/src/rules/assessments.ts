import type { Difficulty } from '../constants';

/*
 * Assessments (spec 2, 7): a timed attempt at one algorithms coding question, solved in the workspace
 * and ended by one submission judged on every test. The time allowed grows with the difficulty, as
 * an interviewer would allow for the question.
 */

/** Minutes allowed per difficulty (1 Easy .. 4 Very Hard). */
export const assessmentMinutesByDifficulty: Readonly<Record<Difficulty, number>> = {
  1: 30,
  2: 45,
  3: 60,
  4: 75,
};

export const assessmentTimeLimitSeconds = (difficulty: Difficulty) =>
  assessmentMinutesByDifficulty[difficulty] * 60;

/** Whether an assessment that runs out at `expiresAt` is over at `now`. */
export const assessmentExpired = (expiresAt: string | Date, now: Date) =>
  new Date(expiresAt).getTime() <= now.getTime();

/** How an assessment ended, as the learner's history shows it. */
export const assessmentOutcomeLabels = {
  submitted: 'Submitted',
  abandoned: 'Abandoned',
  timedOut: 'Timed out',
} as const;
export type AssessmentOutcome = keyof typeof assessmentOutcomeLabels;
