import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type QuizQuestionContent, practiceStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { AggregateStore } from '../../infrastructure/aggregate-store';
import { learnerPracticeAggregate } from '../practice.aggregate';
import { PublishedQuiz } from '../published-quiz';
import { decideRevealPracticeSolution, practiceQuestionToReveal } from './decide-reveal-practice-solution';
import { RevealPracticeSolutionCommand } from './reveal-practice-solution.command';

export type PracticeSolutionShown = { appended: Appended; question: QuizQuestionContent };

/** Decides against the product's published practice questions and the learner's practice stream. */
@CommandHandler(RevealPracticeSolutionCommand)
export class RevealPracticeSolutionHandler implements ICommandHandler<
  RevealPracticeSolutionCommand,
  PracticeSolutionShown
> {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly quiz: PublishedQuiz,
  ) {}

  async execute({ request, context }: RevealPracticeSolutionCommand): Promise<PracticeSolutionShown> {
    const question = practiceQuestionToReveal(request, await this.quiz.practiceQuestions(request.product));
    const { appended } = await this.aggregates.handle(
      practiceStreamId(request.product, request.userId),
      learnerPracticeAggregate,
      (practice) => decideRevealPracticeSolution(request, question, practice),
      context,
    );
    return { appended, question };
  }
}
