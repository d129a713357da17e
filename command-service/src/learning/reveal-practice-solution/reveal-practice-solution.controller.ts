import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, quizQuestionView, revealPracticeSolution } from '@app/contracts';
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
import { RevealPracticeSolutionCommand } from './reveal-practice-solution.command';
import type { PracticeSolutionShown } from './reveal-practice-solution.handler';

/** practice-questions/reveal (not in spec 7): a lesson practice question's answer and explanation. */
@Controller()
export class RevealPracticeSolutionController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(revealPracticeSolution)
  async reveal(
    @ValidatedInput() { input, params }: CallInput<typeof revealPracticeSolution>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const user = requireUser(principal);
    const { appended, question } = await this.commandBus.execute<
      RevealPracticeSolutionCommand,
      PracticeSolutionShown
    >(
      new RevealPracticeSolutionCommand(
        { userId: user.userId, product: params.product, questionId: input.questionId },
        commandContext(request),
      ),
    );
    return { ...acknowledge(response, appended), question: quizQuestionView(question, true, undefined) };
  }
}
