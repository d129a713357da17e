import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Pool } from 'pg';
import { type Principal, type UnlockProgress, getUnlocks, utcDay } from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  requireUser,
  PG_POOL,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { ReadYourWrites } from '../../infrastructure/read-your-writes';
import { certificateEligibilityProjection } from '../certificate-eligibility/certificate-eligibility.projection';
import { unlockProgressProjection } from './unlock-progress.projection';
import { readUnlocks } from './unlock-progress.queries';
import { quizzesProjection } from '../quizzes/quizzes.projection';
import { userDataProjection } from '../user-data/user-data.projection';
import { practiceProjection } from '../practice/practice.projection';
import { catalogueProjection } from '../catalogue/catalogue.projection';

/**
 * unlocks/get: completed and required questions from the unlock-progress read model, the unlock
 * flags from the certificate-eligibility read model, and the daily streak (contracts' dailyStreak
 * over the days with a CORRECT submission, at the query's day); the design tracks add their design
 * questions and quiz (readUnlocks).
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
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ): Promise<UnlockProgress> {
    const user = requireUser(principal);
    await this.readYourWrites.ensure(request, response, [
      unlockProgressProjection.name,
      certificateEligibilityProjection.name,
      quizzesProjection.name,
      userDataProjection.name,
      catalogueProjection.name,
      practiceProjection.name,
    ]);
    return readUnlocks(this.pool, user.userId, params.product, utcDay(new Date()));
  }
}
