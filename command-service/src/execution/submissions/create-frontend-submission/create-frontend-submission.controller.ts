import { randomUUID } from 'node:crypto';
import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, createMochaSubmission, createScreenshotSubmission } from '@app/contracts';
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
import { CreateFrontendSubmissionCommand } from './create-frontend-submission.command';
import type { FrontendSubmissionAnswer } from './create-frontend-submission.handler';

/** submissions/frontend-question/mocha/create and submissions/screenshot/create (spec 7). */
@Controller()
export class CreateFrontendSubmissionController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(createMochaSubmission)
  async mocha(
    @ValidatedInput() { input, params }: CallInput<typeof createMochaSubmission>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const answer = await this.submit('mocha', params.product, input, principal, request);
    return {
      ...acknowledge(response, { position: answer.position, idempotent: true }),
      ...answer.run,
      submission: answer.submission,
      tests: answer.tests ?? [],
      blockedRequests: answer.blockedRequests,
    };
  }

  @ContractRoute(createScreenshotSubmission)
  async screenshot(
    @ValidatedInput() { input, params }: CallInput<typeof createScreenshotSubmission>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const answer = await this.submit('screenshot', params.product, input, principal, request);
    return {
      ...acknowledge(response, { position: answer.position, idempotent: true }),
      ...answer.run,
      submission: answer.submission,
      screenshot: answer.screenshot ?? {
        diffRatio: null,
        maxDiffRatio: 0,
        diffImage: null,
        image: null,
        blockedRequests: answer.blockedRequests,
      },
    };
  }

  private submit(
    judge: 'mocha' | 'screenshot',
    product: CallInput<typeof createMochaSubmission>['params']['product'],
    input: { questionId: string; files: Record<string, string> },
    principal: Principal,
    request: HttpRequest,
  ) {
    const context = commandContext(request);
    return this.commandBus.execute<CreateFrontendSubmissionCommand, FrontendSubmissionAnswer>(
      new CreateFrontendSubmissionCommand(
        {
          principal: requireUser(principal),
          product,
          judge,
          questionId: input.questionId,
          files: input.files,
          submissionId: context.idempotencyKey ?? randomUUID(),
        },
        context,
      ),
    );
  }
}
