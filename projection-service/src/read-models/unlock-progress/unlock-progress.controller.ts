import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Pool } from 'pg';
import {
  DEFAULT_CERTIFICATE_VERSION,
  QUIZ_SCORE_REQUIRED,
  quizIdOf,
  type Principal,
  type UnlockProductId,
  type UnlockProgress,
  dailyStreak,
  getUnlocks,
  unlockFlags,
  utcDay,
} from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  requireUser,
  PG_POOL,
} from '@app/server-kit';
import { ReadYourWrites } from '../../infrastructure/read-your-writes';
import { certificateEligibilityProjection } from '../certificate-eligibility/certificate-eligibility.projection';
import { unlockProgressProjection } from './unlock-progress.projection';
import { quizzesProjection } from '../quizzes/quizzes.projection';

/** The products whose unlock progress is built here; the others answer their counts at zero. */
const QUESTION_PRODUCTS: readonly UnlockProductId[] = ['algoexpert'];
/** The products whose quiz score is reported (quizScore, quizScoreRequired). */
const QUIZ_PRODUCTS: readonly UnlockProductId[] = ['systemsexpert', 'mlexpert'];

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
    case 'mlexpert':
      return { numQuestionsCompleted: 0, numQuestionsRequired: 0, quizScore: 0, quizScoreRequired: 0 };
    default:
      return { numQuestionsCompleted: 0, numQuestionsRequired: 0 };
  }
}

/**
 * unlocks/get: completed and required questions from the unlock-progress read model, the unlock
 * flags from the certificate-eligibility read model, and the daily streak (contracts' dailyStreak
 * over the days with a CORRECT submission, at the query's day).
 */
@Controller()
export class UnlockProgressController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @ContractRoute(getUnlocks)
  async unlocks(
    @ValidatedInput() { params }: CallInput<typeof getUnlocks>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<UnlockProgress> {
    const user = requireUser(principal);
    await this.readYourWrites.ensure(request, response, [
      unlockProgressProjection.name,
      certificateEligibilityProjection.name,
      quizzesProjection.name,
    ]);
    const { product } = params;
    const days = await this.pool.query<{ day: string }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM rm_unlock_progress_days WHERE user_id = $1 AND product = $2`,
      [user.userId, product],
    );
    const streak = dailyStreak(
      days.rows.map((row) => row.day),
      utcDay(new Date()),
    );
    const base = { latestCertVersion: DEFAULT_CERTIFICATE_VERSION, ...streak };
    if (QUIZ_PRODUCTS.includes(product)) {
      // The best finished score of the product's quiz (the quizzes read model), out of 100.
      const quiz = await this.pool.query<{ best: number | null }>(
        `SELECT best_percent AS best FROM rm_quiz_attempts WHERE user_id = $1 AND product = $2 AND quiz_id = $3`,
        [user.userId, product, quizIdOf(product as 'systemsexpert' | 'mlexpert')],
      );
      return {
        ...base,
        ...unlockFlags({ numQuestionsCompleted: 0, numQuestionsRequired: 0 }),
        ...zeroCounts(product),
        quizScore: quiz.rows[0]?.best ?? 0,
        quizScoreRequired: QUIZ_SCORE_REQUIRED,
      };
    }
    if (!QUESTION_PRODUCTS.includes(product)) {
      return {
        ...base,
        ...unlockFlags({ numQuestionsCompleted: 0, numQuestionsRequired: 0 }),
        ...zeroCounts(product),
      };
    }
    const { rows } = await this.pool.query<{ completed: number; required: number; eligible: boolean }>(
      `SELECT coalesce((SELECT num_completed FROM rm_unlock_progress WHERE user_id = $1 AND product = $2), 0)
                AS completed,
              (SELECT count(*)::int FROM rm_unlock_progress_questions WHERE product = $2) AS required,
              EXISTS (SELECT 1 FROM rm_certificate_eligibility WHERE user_id = $1 AND product = $2) AS eligible`,
      [user.userId, product],
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
}
