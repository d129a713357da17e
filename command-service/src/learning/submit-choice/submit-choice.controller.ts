import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type Principal,
  type ProblemProductId,
  createFitbSubmission,
  createMcqSubmission,
  quizQuestionView,
} from '@app/contracts';
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
import { type SubmitChoice, SubmitChoiceCommand } from './submit-choice.command';
import type { ChoiceSubmitted } from './submit-choice.handler';

/**
 * submissions/mcq/create and submissions/fitb/create (spec 7): practice of one quiz question. The reply
 * is the verdict as a submission, and the question as the quiz shows it once answered.
 */
@Controller()
export class SubmitChoiceController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(createMcqSubmission)
  mcq(
    @ValidatedInput() { input, params }: CallInput<typeof createMcqSubmission>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    return this.submit(params.product, 'mcq', input, principal, request, response);
  }

  @ContractRoute(createFitbSubmission)
  fitb(
    @ValidatedInput() { input, params }: CallInput<typeof createFitbSubmission>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    return this.submit(params.product, 'fitb', input, principal, request, response);
  }

  private async submit(
    product: ProblemProductId,
    kind: SubmitChoice['kind'],
    input: { questionId: string; answers: string[] },
    principal: Principal,
    request: HttpRequest,
    response: HttpResponse,
  ) {
    const user = requireUser(principal);
    const answer = input.answers[0]!;
    const { appended, question, correct } = await this.commandBus.execute<
      SubmitChoiceCommand,
      ChoiceSubmitted
    >(
      new SubmitChoiceCommand(
        { userId: user.userId, product, kind, questionId: input.questionId, answer },
        commandContext(request),
      ),
    );
    const given = question.kind === 'mcq' ? Number(answer) : answer;
    return {
      ...acknowledge(response, appended),
      correct,
      submission: {
        questionId: question.slug,
        status: correct ? 'CORRECT' : 'INCORRECT',
        timestamp: new Date().toISOString(),
      },
      question: quizQuestionView(question, true, given),
    };
  }
}
