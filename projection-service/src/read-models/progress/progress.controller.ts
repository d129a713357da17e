import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Pool } from 'pg';
import {
  DEFAULT_CERTIFICATE_VERSION,
  type Principal,
  type UnlockProductId,
  type UnlockProgress,
  dailyStreak,
  getUnlocks,
  unlockCounts,
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
import { submissionsProjection } from '../submissions/submissions.projection';
import { catalogueProjection } from '../catalogue/catalogue.projection';

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
    case 'mlexpert':
      return { numQuestionsCompleted: 0, numQuestionsRequired: 0, quizScore: 0, quizScoreRequired: 0 };
    default:
      return { numQuestionsCompleted: 0, numQuestionsRequired: 0 };
  }
}

/**
 * unlocks/get: completed and required questions (contracts' unlockCounts, from the latest status per
 * question and the published catalogue), the unlock flags (unlockFlags) and the daily streak
 * (dailyStreak, from the days with a CORRECT submission).
 */
@Controller()
export class ProgressController {
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
      submissionsProjection.name,
      catalogueProjection.name,
    ]);
    const { product } = params;
    const days = await this.pool.query<{ day: string }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM rm_submission_days WHERE user_id = $1 AND product = $2`,
      [user.userId, product],
    );
    const streak = dailyStreak(
      days.rows.map((row) => row.day),
      utcDay(new Date()),
    );
    const base = { latestCertVersion: DEFAULT_CERTIFICATE_VERSION, ...streak };
    if (!QUESTION_PRODUCTS.includes(product)) {
      return {
        ...base,
        ...unlockFlags({ numQuestionsCompleted: 0, numQuestionsRequired: 0 }),
        ...zeroCounts(product),
      };
    }
    const [published, latest] = await Promise.all([
      this.pool.query<{ question_id: string }>(
        'SELECT question_id FROM rm_catalogue_questions WHERE product = $1',
        [product],
      ),
      this.pool.query<{ questionId: string; status: string }>(
        `SELECT question_id AS "questionId", status FROM rm_latest_submissions
          WHERE user_id = $1 AND product = $2`,
        [user.userId, product],
      ),
    ]);
    const counts = unlockCounts(latest.rows, new Set(published.rows.map((row) => row.question_id)));
    return { ...base, ...unlockFlags(counts), ...counts };
  }
}
