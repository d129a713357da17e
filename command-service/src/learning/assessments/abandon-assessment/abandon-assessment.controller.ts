import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, abandonCurrentAssessment } from '@app/contracts';
import {
  type Appended,
  ContractRoute,
  CurrentPrincipal,
  acknowledge,
  commandContext,
  requireUser,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { AbandonAssessmentCommand } from './abandon-assessment.command';

/** assessments/current/abandon (spec 7). */
@Controller()
export class AbandonAssessmentController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(abandonCurrentAssessment)
  async abandon(
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
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
