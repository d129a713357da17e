import type { ProblemProductId } from '../constants';
import { type UnlockCounts, unlockFlags } from './progress';
import { QUIZ_SCORE_REQUIRED } from './quiz';
import type { UserDataDocument } from './user-data';

/*
 * The certificate of a track with design questions and a quiz (systems design, machine learning,
 * infrastructure): one
 * rule for unlocks/get (the read side) and generate_certificate (the command side, from its streams).
 * Its questions are the published coding questions (solved: latest submission CORRECT) and design
 * questions (marked completed in the track's user data); the certificate asks for all of them and the
 * quiz passed at QUIZ_SCORE_REQUIRED percent or more (the best finished attempt counts).
 */

export const DESIGN_TRACK_PRODUCTS = [
  'systemsexpert',
  'mlexpert',
  'infraexpert',
] as const satisfies readonly ProblemProductId[];
export type DesignTrackProduct = (typeof DESIGN_TRACK_PRODUCTS)[number];

export const isDesignTrack = (product: string): product is DesignTrackProduct =>
  (DESIGN_TRACK_PRODUCTS as readonly string[]).includes(product);

/**
 * The tracks whose certificate follows this rule: the design tracks, and the frontend (its coding
 * questions judged in Chromium and its quiz; no design questions, so its design counts are 0 of 0).
 */
export const TRACK_CERTIFICATE_PRODUCTS = [
  ...DESIGN_TRACK_PRODUCTS,
  'frontendexpert',
  'iosexpert',
] as const satisfies readonly ProblemProductId[];

/**
 * The tracks taught by courses alone (iOS: Swift has no toolchain here, so it has no judged questions):
 * their certificate asks for the quiz passed at QUIZ_SCORE_REQUIRED percent, and for any question
 * published later.
 */
export const QUIZ_CERTIFICATE_PRODUCTS = ['iosexpert'] as const satisfies readonly ProblemProductId[];

export const isQuizCertificateTrack = (product: string) =>
  (QUIZ_CERTIFICATE_PRODUCTS as readonly string[]).includes(product);
export type TrackCertificateProduct = (typeof TRACK_CERTIFICATE_PRODUCTS)[number];

export const hasTrackCertificate = (product: string): product is TrackCertificateProduct =>
  (TRACK_CERTIFICATE_PRODUCTS as readonly string[]).includes(product);

/** The section of the user data's `completed` maps that holds the design questions marked completed. */
export const DESIGN_COMPLETED_SECTION = 'design-questions';

/** A learner's standing on a design track. */
export type TrackProgress = {
  coding: UnlockCounts;
  design: UnlockCounts;
  /** The best finished quiz score, in percent (0 before any). */
  quizScore: number;
  /** A track whose certificate is its quiz (isQuizCertificateTrack): no question needs to be published. */
  quizOnly?: boolean;
};

/** Design questions completed: those the user data marks `true`, among the published ones. */
export function designCounts(
  document: UserDataDocument | undefined,
  publishedDesignIds: ReadonlySet<string>,
): UnlockCounts {
  const completed = document?.completed;
  const marks =
    completed && typeof completed === 'object'
      ? (completed as Record<string, unknown>)[DESIGN_COMPLETED_SECTION]
      : undefined;
  const marked =
    marks && typeof marks === 'object'
      ? Object.entries(marks as Record<string, unknown>).filter(
          ([id, value]) => value === true && publishedDesignIds.has(id),
        ).length
      : 0;
  return { numQuestionsCompleted: marked, numQuestionsRequired: publishedDesignIds.size };
}

/** What unlocks/get shows for a design track: all its questions counted together, its quiz, its flags. */
export function trackUnlocks(progress: TrackProgress) {
  const counts: UnlockCounts = {
    numQuestionsCompleted: progress.coding.numQuestionsCompleted + progress.design.numQuestionsCompleted,
    numQuestionsRequired: progress.coding.numQuestionsRequired + progress.design.numQuestionsRequired,
  };
  const questionsDone = progress.quizOnly
    ? counts.numQuestionsCompleted >= counts.numQuestionsRequired
    : unlockFlags(counts).hasUnlockedLatestCert;
  const earned = questionsDone && progress.quizScore >= QUIZ_SCORE_REQUIRED;
  return {
    ...counts,
    quizScore: progress.quizScore,
    quizScoreRequired: QUIZ_SCORE_REQUIRED,
    hasUnlockedLatestCert: earned,
    hasUnlockedRecruitingProfile: earned,
  };
}

/** What is left before the certificate, in words; null once it is earned. */
export function missingForTrackCertificate(progress: TrackProgress): string | null {
  if (trackUnlocks(progress).hasUnlockedLatestCert) return null;
  const { coding, design, quizScore } = progress;
  if (!progress.quizOnly && coding.numQuestionsRequired + design.numQuestionsRequired === 0)
    return 'This track has no certificate to earn yet.';
  const left: string[] = [];
  if (coding.numQuestionsCompleted < coding.numQuestionsRequired)
    left.push(
      `solve every coding question (${coding.numQuestionsCompleted} of ${coding.numQuestionsRequired})`,
    );
  if (design.numQuestionsCompleted < design.numQuestionsRequired)
    left.push(
      `complete every design question (${design.numQuestionsCompleted} of ${design.numQuestionsRequired})`,
    );
  if (quizScore < QUIZ_SCORE_REQUIRED)
    left.push(`score ${QUIZ_SCORE_REQUIRED}% or more on the quiz (best so far ${quizScore}%)`);
  return `To earn this certificate, ${left.join(', ')}.`;
}
