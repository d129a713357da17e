import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type Principal,
  type ProblemProductId,
  answerQuiz,
  answerSystemsDesignQuiz,
  finishQuiz,
  finishSystemsDesignQuiz,
  quizQuestionView,
  startQuiz,
  startSystemsDesignQuiz,
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
import { type RecordQuiz, RecordQuizCommand } from './record-quiz.command';
import type { QuizRecorded } from './record-quiz.handler';

type QuizInput = { id: string; answers?: RecordQuiz['answers'] };

/**
 * quiz/start, quiz/answer, quiz/finish (spec 7) of a product, and the same on systems-design-quiz
 * (systems design's). The reply is the quiz as it stands: each question without its answer until the
 * learner answered it (then with the right answer, the explanation and the verdict), and once finished
 * every question so, with the score.
 */
@Controller()
export class RecordQuizController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(startQuiz)
  async start(
    @ValidatedInput() { input, params }: CallInput<typeof startQuiz>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    return this.record(params.product, 'started', input, principal, request, response);
  }

  @ContractRoute(answerQuiz)
  async answer(
    @ValidatedInput() { input, params }: CallInput<typeof answerQuiz>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    return this.record(params.product, 'answered', input, principal, request, response);
  }

  @ContractRoute(finishQuiz)
  async finish(
    @ValidatedInput() { input, params }: CallInput<typeof finishQuiz>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    return this.record(params.product, 'finished', input, principal, request, response);
  }

  @ContractRoute(startSystemsDesignQuiz)
  async startSystems(
    @ValidatedInput() { input }: CallInput<typeof startSystemsDesignQuiz>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    return this.record('systemsexpert', 'started', input, principal, request, response);
  }

  @ContractRoute(answerSystemsDesignQuiz)
  async answerSystems(
    @ValidatedInput() { input }: CallInput<typeof answerSystemsDesignQuiz>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    return this.record('systemsexpert', 'answered', input, principal, request, response);
  }

  @ContractRoute(finishSystemsDesignQuiz)
  async finishSystems(
    @ValidatedInput() { input }: CallInput<typeof finishSystemsDesignQuiz>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    return this.record('systemsexpert', 'finished', input, principal, request, response);
  }

  private async record(
    product: ProblemProductId,
    action: RecordQuiz['action'],
    input: QuizInput,
    principal: Principal,
    request: HttpRequest,
    response: HttpResponse,
  ) {
    const user = requireUser(principal);
    const { appended, attempt, questions } = await this.commandBus.execute<RecordQuizCommand, QuizRecorded>(
      new RecordQuizCommand(
        { userId: user.userId, product, quizId: input.id, action, answers: input.answers ?? {} },
        commandContext(request),
      ),
    );
    return {
      ...acknowledge(response, appended),
      quiz: {
        id: input.id,
        userAnswers: attempt.answers,
        score: attempt.score?.percent ?? null,
        correctCount: attempt.score?.correct ?? null,
        finishedAt: attempt.finished ? new Date().toISOString() : null,
        questions: questions.map((question) =>
          quizQuestionView(question, attempt.finished, attempt.answers[question.slug]),
        ),
      },
    };
  }
}
