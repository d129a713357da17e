import { randomUUID } from 'node:crypto';
import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, submitSharedSolution } from '@app/contracts';
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
import { SubmitSharedSolutionCommand } from './submit-shared-solution.command';
import type { SharedSolutionShared } from './submit-shared-solution.handler';

/** shared-solutions/submit (spec 7): answers the solution as listed. */
@Controller()
export class SubmitSharedSolutionController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(submitSharedSolution)
  async submit(
    @ValidatedInput() { input }: CallInput<typeof submitSharedSolution>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const context = commandContext(request);
    const { appended, sharedSolution } = await this.commandBus.execute<
      SubmitSharedSolutionCommand,
      SharedSolutionShared
    >(
      new SubmitSharedSolutionCommand(
        {
          solutionId: context.idempotencyKey ?? randomUUID(),
          authorId: requireUser(principal).userId,
          questionId: input.questionId,
          title: input.title,
          explanation: input.explanation,
          language: input.language,
          solution: input.solution,
        },
        context,
      ),
    );
    return { ...acknowledge(response, appended), sharedSolution };
  }
}
