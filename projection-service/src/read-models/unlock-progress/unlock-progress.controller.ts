import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Pool } from 'pg';
import {
  type Principal,
  type UnlockProgress,
  QUIZ_SCORE_REQUIRED,
  getUnlocks,
  quizIdOf,
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
import { readUnlocks } from './unlock-progress.queries';
import { quizzesProjection } from '../quizzes/quizzes.projection';

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
    const unlocks = await readUnlocks(this.pool, user.userId, params.product, utcDay(new Date()));
    const { product } = params;
    if (product !== 'systemsexpert' && product !== 'mlexpert') return unlocks;
    // The best finished score of the product's quiz (the quizzes read model), out of 100.
    const quiz = await this.pool.query<{ best: number | null }>(
      'SELECT best_percent AS best FROM rm_quiz_attempts WHERE user_id = $1 AND product = $2 AND quiz_id = $3',
      [user.userId, product, quizIdOf(product)],
    );
    return { ...unlocks, quizScore: quiz.rows[0]?.best ?? 0, quizScoreRequired: QUIZ_SCORE_REQUIRED };
  }
}
