import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type QuizQuestionContent, quizStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { AggregateStore } from '../../infrastructure/aggregate-store';
import { PublishedQuiz } from '../published-quiz';
import { type QuizAttempt, learnerQuizzesAggregate } from '../quiz.aggregate';
import { attemptAfter, decideRecordQuiz } from './decide-record-quiz';
import { RecordQuizCommand } from './record-quiz.command';

export type QuizRecorded = { appended: Appended; attempt: QuizAttempt; questions: QuizQuestionContent[] };

/** Decides from the learner's quiz stream and the published questions' streams; answers the quiz as it stands. */
@CommandHandler(RecordQuizCommand)
export class RecordQuizHandler implements ICommandHandler<RecordQuizCommand, QuizRecorded> {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly quiz: PublishedQuiz,
  ) {}

  async execute(command: RecordQuizCommand): Promise<QuizRecorded> {
    const { userId, product } = command.request;
    const questions = await this.quiz.questions(product);
    const { appended } = await this.aggregates.handle(
      quizStreamId(product, userId),
      learnerQuizzesAggregate,
      (quizzes) => decideRecordQuiz(command, { quizzes, questions }),
      command.context,
    );
    return { appended, attempt: attemptAfter(command.request, questions), questions };
  }
}
