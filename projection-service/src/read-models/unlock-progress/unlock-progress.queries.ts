import type { Pool, PoolClient } from 'pg';
import {
  DEFAULT_CERTIFICATE_VERSION,
  blockchainUnlocks,
  type UnlockProductId,
  type UnlockProgress,
  DESIGN_COMPLETED_SECTION,
  type TrackCertificateProduct,
  dailyStreak,
  hasTrackCertificate,
  isQuizCertificateTrack,
  quizIdOf,
  trackUnlocks,
  unlockFlags,
} from '@app/contracts';

/** The products whose unlock progress is built here; the others answer their counts at zero. */
const QUESTION_PRODUCTS: readonly UnlockProductId[] = ['algoexpert'];

/** The counts each product reports (spec 3, Unlock progress per product), at zero. */
function zeroCounts(product: UnlockProductId): Partial<UnlockProgress> {
  switch (product) {
    case 'blockchainexpert':
      return {
        numAssessmentQuestionsCompleted: 0,
        numAssessmentQuestionsRequired: 0,
        numPracticeQuestionsCompleted: 0,
        numPracticeQuestionsRequired: 0,
      };
    case 'backendexpert':
    case 'frontendexpert':
    case 'infraexpert':
      return { numQuestionsCompleted: 0, numQuestionsRequired: 0, quizScore: 0, quizScoreRequired: 0 };
    default:
      return { numQuestionsCompleted: 0, numQuestionsRequired: 0 };
  }
}

/**
 * unlocks/get's answer for one learner and product, at the day `today`: completed and required questions
 * from the unlock-progress read model, the unlock flags from the certificate-eligibility read model, the
 * daily streak (contracts' dailyStreak over the days with a CORRECT submission). The query of the call,
 * and of time travel over scratch copies of the tables (`db` is then the replay's client).
 */
export async function readUnlocks(
  db: Pool | PoolClient,
  userId: string,
  product: UnlockProductId,
  today: string,
): Promise<UnlockProgress> {
  const days = await db.query<{ day: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM rm_unlock_progress_days WHERE user_id = $1 AND product = $2`,
    [userId, product],
  );
  const streak = dailyStreak(
    days.rows.map((row) => row.day),
    today,
  );
  const base = { latestCertVersion: DEFAULT_CERTIFICATE_VERSION, ...streak };
  if (hasTrackCertificate(product)) return { ...base, ...(await readTrackUnlocks(db, userId, product)) };
  if (product === 'blockchainexpert')
    return { ...base, ...(await readBlockchainUnlocks(db, userId, product)) };
  if (!QUESTION_PRODUCTS.includes(product)) {
    return {
      ...base,
      ...unlockFlags({ numQuestionsCompleted: 0, numQuestionsRequired: 0 }),
      ...zeroCounts(product),
    };
  }
  const { rows } = await db.query<{ completed: number; required: number; eligible: boolean }>(
    `SELECT coalesce((SELECT num_completed FROM rm_unlock_progress WHERE user_id = $1 AND product = $2), 0)
                AS completed,
              (SELECT count(*)::int FROM rm_unlock_progress_questions WHERE product = $2) AS required,
              EXISTS (SELECT 1 FROM rm_certificate_eligibility WHERE user_id = $1 AND product = $2) AS eligible`,
    [userId, product],
  );
  const { completed, required, eligible } = rows[0];
  return {
    ...base,
    hasUnlockedLatestCert: eligible,
    hasUnlockedRecruitingProfile: eligible,
    numQuestionsCompleted: completed,
    numQuestionsRequired: required,
  };
}

/**
 * A design track (systems design, machine learning): its coding questions (unlock-progress), its design
 * questions marked completed in the learner's user data among those published (user-data, catalogue),
 * and its quiz's best finished score (quizzes), under the contracts' trackUnlocks rule, which the
 * certificate's command decides with too.
 */
async function readTrackUnlocks(db: Pool | PoolClient, userId: string, product: TrackCertificateProduct) {
  const { rows } = await db.query<{
    coding_completed: number;
    coding_required: number;
    design_completed: number;
    design_required: number;
    quiz_score: number | null;
  }>(
    `SELECT coalesce((SELECT num_completed FROM rm_unlock_progress WHERE user_id = $1 AND product = $2), 0)
              AS coding_completed,
            (SELECT count(*)::int FROM rm_unlock_progress_questions WHERE product = $2) AS coding_required,
            (SELECT count(*)::int FROM rm_catalogue_design_questions q
               JOIN rm_user_data d ON d.user_id = $1 AND d.product = $2
              WHERE q.product = $2 AND d.document -> 'completed' -> $3::text -> q.question_id = 'true'::jsonb)
              AS design_completed,
            (SELECT count(*)::int FROM rm_catalogue_design_questions WHERE product = $2) AS design_required,
            (SELECT best_percent FROM rm_quiz_attempts WHERE user_id = $1 AND product = $2 AND quiz_id = $4)
              AS quiz_score`,
    [userId, product, DESIGN_COMPLETED_SECTION, quizIdOf(product)],
  );
  const row = rows[0];
  return trackUnlocks({
    coding: { numQuestionsCompleted: row.coding_completed, numQuestionsRequired: row.coding_required },
    design: { numQuestionsCompleted: row.design_completed, numQuestionsRequired: row.design_required },
    quizScore: row.quiz_score ?? 0,
    quizOnly: isQuizCertificateTrack(product),
  });
}

/**
 * Blockchain: the lessons' practice questions and the courses' assessment questions answered right
 * (the practice read model) among those published, under the contracts' blockchainUnlocks rule, which
 * the certificate's command decides with too.
 */
async function readBlockchainUnlocks(db: Pool | PoolClient, userId: string, product: UnlockProductId) {
  const { rows } = await db.query<{
    practice_completed: number;
    practice_required: number;
    assessment_completed: number;
    assessment_required: number;
  }>(
    `SELECT (SELECT count(*)::int FROM rm_practice_correct c
               JOIN rm_practice_questions q ON q.product = c.product AND q.question_id = c.question_id
              WHERE c.user_id = $1 AND c.product = $2) AS practice_completed,
            (SELECT count(*)::int FROM rm_practice_questions WHERE product = $2) AS practice_required,
            (SELECT count(*)::int FROM rm_practice_correct c
               JOIN rm_course_assessment_questions q ON q.product = c.product AND q.question_id = c.question_id
              WHERE c.user_id = $1 AND c.product = $2) AS assessment_completed,
            (SELECT count(*)::int FROM rm_course_assessment_questions WHERE product = $2) AS assessment_required`,
    [userId, product],
  );
  const row = rows[0];
  return blockchainUnlocks({
    practice: { numQuestionsCompleted: row.practice_completed, numQuestionsRequired: row.practice_required },
    assessment: {
      numQuestionsCompleted: row.assessment_completed,
      numQuestionsRequired: row.assessment_required,
    },
  });
}
