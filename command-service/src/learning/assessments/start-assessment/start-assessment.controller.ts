import { randomUUID } from 'node:crypto';
import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, startAssessment } from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  acknowledge,
  commandContext,
  requireUser,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { StartAssessmentCommand } from './start-assessment.command';
import type { AssessmentStartedAnswer } from './start-assessment.handler';

/** assessments/start (spec 7): answers the assessment now running, with when its time runs out. */
@Controller()
export class StartAssessmentController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(startAssessment)
  async start(
    @ValidatedInput() { input }: CallInput<typeof startAssessment>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const context = commandContext(request);
    const { appended, assessment } = await this.commandBus.execute<
      StartAssessmentCommand,
      AssessmentStartedAnswer
    >(
      new StartAssessmentCommand(
        {
          userId: requireUser(principal).userId,
          questionId: input.questionId,
          assessmentId: context.idempotencyKey ?? randomUUID(),
          now: new Date(),
        },
        context,
      ),
    );
    return { ...acknowledge(response, appended), assessment };
  }
}
