import type { UnlockCounts } from './progress';

/*
 * The blockchain certificate: one rule for unlocks/get (the read side) and generate_certificate (the
 * command side, from its streams). Its questions are the lessons' practice questions and the courses'
 * assessment questions, each counted once answered right (the learner's first right answer counts; a
 * later wrong one takes nothing away); the certificate asks for all of them.
 */

/** A learner's standing on the blockchain courses. */
export type BlockchainProgress = { practice: UnlockCounts; assessment: UnlockCounts };

/** Questions answered right among the published ones (answers to questions no longer published do not count). */
export function answeredRightCounts(
  answeredRight: ReadonlySet<string>,
  publishedIds: ReadonlySet<string>,
): UnlockCounts {
  let completed = 0;
  for (const id of publishedIds) if (answeredRight.has(id)) completed++;
  return { numQuestionsCompleted: completed, numQuestionsRequired: publishedIds.size };
}

const done = (counts: UnlockCounts) => counts.numQuestionsCompleted >= counts.numQuestionsRequired;

/** What unlocks/get shows for blockchain: its practice and assessment counts and its flags. */
export function blockchainUnlocks({ practice, assessment }: BlockchainProgress) {
  const earned =
    practice.numQuestionsRequired + assessment.numQuestionsRequired > 0 && done(practice) && done(assessment);
  return {
    numPracticeQuestionsCompleted: practice.numQuestionsCompleted,
    numPracticeQuestionsRequired: practice.numQuestionsRequired,
    numAssessmentQuestionsCompleted: assessment.numQuestionsCompleted,
    numAssessmentQuestionsRequired: assessment.numQuestionsRequired,
    hasUnlockedLatestCert: earned,
    hasUnlockedRecruitingProfile: earned,
  };
}

/** What is left before the blockchain certificate, in words; null once it is earned. */
export function missingForBlockchainCertificate(progress: BlockchainProgress): string | null {
  if (blockchainUnlocks(progress).hasUnlockedLatestCert) return null;
  const { practice, assessment } = progress;
  if (practice.numQuestionsRequired + assessment.numQuestionsRequired === 0)
    return 'blockchainexpert has no certificate to earn yet.';
  const left: string[] = [];
  if (!done(practice))
    left.push(
      `answer every practice question right (${practice.numQuestionsCompleted} of ${practice.numQuestionsRequired})`,
    );
  if (!done(assessment))
    left.push(
      `answer every course assessment question right (${assessment.numQuestionsCompleted} of ${assessment.numQuestionsRequired})`,
    );
  return `To earn this certificate, ${left.join(' and ')}.`;
}
