import { randomUUID } from 'node:crypto';
import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, createSubmission } from '@app/contracts';
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
import { CreateSubmissionCommand } from './create-submission.command';
import type { SubmissionAnswer } from './create-submission.handler';

/** submissions/create (spec 7): answers the run of every test and the submission stored. */
@Controller()
export class CreateSubmissionController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(createSubmission)
  async submit(
    @ValidatedInput() { input, params }: CallInput<typeof createSubmission>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const context = commandContext(request);
    const answer = await this.commandBus.execute<CreateSubmissionCommand, SubmissionAnswer>(
      new CreateSubmissionCommand(
        {
          principal: requireUser(principal),
          product: params.product,
          questionId: input.questionId,
          questionVersion: input.questionVersion,
          language: input.language,
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
    };
  }
}
