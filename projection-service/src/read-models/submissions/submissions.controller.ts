import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Pool } from 'pg';
import { type Principal, type SubmissionStatus, listSubmissions } from '@app/contracts';
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
import { submissionsProjection } from './submissions.projection';

@Controller()
export class SubmissionsController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  /** The learner's latest submission per question of a product, newest first. */
  @ContractRoute(listSubmissions)
  async list(
    @ValidatedInput() { input }: CallInput<typeof listSubmissions>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const user = requireUser(principal);
    await this.readYourWrites.ensure(request, response, [submissionsProjection.name]);
    const { rows } = await this.pool.query<{
      question_id: string;
      status: SubmissionStatus;
      submitted_at: Date;
    }>(
      `SELECT question_id, status, submitted_at FROM rm_latest_submissions
        WHERE user_id = $1 AND product = $2 ORDER BY submitted_at DESC`,
      [user.userId, input.product],
    );
    return {
      submissions: rows.map((r) => ({
        questionId: r.question_id,
        status: r.status,
        timestamp: r.submitted_at.toISOString(),
      })),
    };
  }
}
