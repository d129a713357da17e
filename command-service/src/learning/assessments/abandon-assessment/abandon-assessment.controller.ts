import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { type Principal, abandonCurrentAssessment } from '@app/contracts';
import {
  type Appended,
  ContractRoute,
  CurrentPrincipal,
  acknowledge,
  commandContext,
  requireUser,
} from '@app/server-kit';
import { AbandonAssessmentCommand } from './abandon-assessment.command';

/** assessments/current/abandon (spec 7). */
@Controller()
export class AbandonAssessmentController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(abandonCurrentAssessment)
  async abandon(
    @CurrentPrincipal() principal: Principal,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const appended = await this.commandBus.execute<AbandonAssessmentCommand, Appended>(
      new AbandonAssessmentCommand(
        { userId: requireUser(principal).userId, now: new Date() },
        commandContext(request),
      ),
    );
    return acknowledge(response, appended);
  }
}
