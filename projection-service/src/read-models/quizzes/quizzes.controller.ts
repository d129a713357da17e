import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  type Principal,
  type ProblemProductId,
  type QuizAnswer,
  type QuizQuestionContent,
  listQuizzes,
  listSystemsDesignQuizzes,
  quizIdOf,
  quizQuestionView,
} from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  requireUser,
  PG_POOL,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { ReadYourWrites } from '../../infrastructure/read-your-writes';
import { quizzesProjection } from './quizzes.projection';

/**
 * quiz/list (spec 7) and systems-design-quiz/list: the product's quiz (one, holding the learner's
 * userAnswers), each question without its answer until the learner answered it or finished; empty while the
 * product has no quiz question published.
 */
@Controller()
export class QuizzesController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @ContractRoute(listQuizzes)
  list(
    @ValidatedInput() { params }: CallInput<typeof listQuizzes>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    return this.quizzes(params.product, principal, request, response);
  }

  @ContractRoute(listSystemsDesignQuizzes)
  listSystems(
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    return this.quizzes('systemsexpert', principal, request, response);
  }

  private async quizzes(
    product: ProblemProductId,
    principal: Principal,
    request: HttpRequest,
    response: HttpResponse,
  ) {
    const user = requireUser(principal);
    await this.readYourWrites.ensure(request, response, [quizzesProjection.name]);
    const quizId = quizIdOf(product);
    const [questions, attempts] = await Promise.all([
      this.pool.query<{ question: QuizQuestionContent }>(
        'SELECT question FROM rm_quiz_questions WHERE product = $1 ORDER BY position, question_id',
        [product],
      ),
      this.pool.query<{
        answers: Record<string, QuizAnswer>;
        score: { percent: number; correct: number } | null;
        finished_at: Date | null;
        best_percent: number | null;
      }>(
        `SELECT answers, score, finished_at, best_percent FROM rm_quiz_attempts
          WHERE user_id = $1 AND product = $2 AND quiz_id = $3`,
        [user.userId, product, quizId],
      ),
    ]);
    if (questions.rows.length === 0) return [];
    const attempt = attempts.rows[0];
    const answers = attempt?.answers ?? {};
    const finished = attempt?.finished_at != null;
    return [
      {
        id: quizId,
        userAnswers: answers,
        score: attempt?.score?.percent ?? null,
        correctCount: attempt?.score?.correct ?? null,
        bestScore: attempt?.best_percent ?? null,
        finishedAt: finished ? attempt.finished_at!.toISOString() : null,
        questions: questions.rows.map(({ question }) =>
          quizQuestionView(question, finished, answers[question.slug]),
        ),
      },
    ];
  }
}
