import { randomUUID } from 'node:crypto';
import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, createSandboxSubmission } from '@app/contracts';
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
import { CreateSoliditySubmissionCommand } from './create-solidity-submission.command';
import type { SoliditySubmissionAnswer } from './create-solidity-submission.handler';

/** submissions/coding-question/sandbox/create (spec 7): a Solidity question or project judged and recorded. */
@Controller()
export class CreateSoliditySubmissionController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(createSandboxSubmission)
  async submit(
    @ValidatedInput() { input, params }: CallInput<typeof createSandboxSubmission>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const context = commandContext(request);
    const answer = await this.commandBus.execute<CreateSoliditySubmissionCommand, SoliditySubmissionAnswer>(
      new CreateSoliditySubmissionCommand(
        {
          principal: requireUser(principal),
          product: params.product,
          kind: input.kind,
          questionId: input.questionId,
          questionVersion: input.questionVersion,
          code: input.code,
          submissionId: context.idempotencyKey ?? randomUUID(),
        },
        context,
      ),
    );
    return {
      ...acknowledge(response, { position: answer.position, idempotent: true }),
      ...answer.run,
      submission: answer.submission,
      scenarios: answer.scenarios,
      ...(answer.milestones ? { milestones: answer.milestones } : {}),
    };
  }
}
