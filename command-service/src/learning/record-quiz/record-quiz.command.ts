import type { ProblemProductId, QuizAnswer } from '@app/contracts';
import type { CommandContext } from '@app/server-kit';

export type RecordQuiz = {
  userId: string;
  product: ProblemProductId;
  quizId: string;
  action: 'started' | 'answered' | 'finished';
  /** The answers as they stand (they replace the previous ones); none for `started`. */
  answers: Readonly<Record<string, QuizAnswer>>;
};

export class RecordQuizCommand {
  constructor(
    readonly request: RecordQuiz,
    readonly context: CommandContext,
  ) {}
}
