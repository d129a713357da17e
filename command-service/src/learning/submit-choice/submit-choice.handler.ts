import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type QuizQuestionContent, practiceStreamId } from '@app/contracts';
import { type Appended, EventAppender } from '../../infrastructure/event-appender';
import { PublishedQuiz } from '../published-quiz';
import { decideSubmitChoice } from './decide-submit-choice';
import { SubmitChoiceCommand } from './submit-choice.command';

export type ChoiceSubmitted = { appended: Appended; question: QuizQuestionContent; correct: boolean };

/** Judges against the product's published quiz and practice questions and appends the verdict to the learner's practice. */
@CommandHandler(SubmitChoiceCommand)
export class SubmitChoiceHandler implements ICommandHandler<SubmitChoiceCommand, ChoiceSubmitted> {
  constructor(
    private readonly appender: EventAppender,
    private readonly quiz: PublishedQuiz,
  ) {}

  async execute({ request, context }: SubmitChoiceCommand): Promise<ChoiceSubmitted> {
    const { events, question, correct } = decideSubmitChoice(
      request,
      await this.quiz.choiceQuestions(request.product),
    );
    const appended = await this.appender.append(practiceStreamId(request.product, request.userId), events, {
      expectedState: 'any',
      actor: context.actor,
      correlationId: context.correlationId,
    });
    return { appended, question, correct };
  }
}
