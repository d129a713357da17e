import type { QuizAnswer, QuizScore } from '@app/contracts';
import type { Aggregate } from '../infrastructure/aggregate-store';

/** One quiz of a learner as it stands: the answers, and the score once finished. */
export type QuizAttempt = {
  answers: Readonly<Record<string, QuizAnswer>>;
  finished: boolean;
  score: QuizScore | null;
};

/** A learner's quizzes of one product (stream quiz-<product>-<userId>), by quiz id. */
export type LearnerQuizzes = ReadonlyMap<string, QuizAttempt>;

export const learnerQuizzesAggregate: Aggregate<LearnerQuizzes> = {
  initialState: () => new Map(),
  evolve(state, event) {
    switch (event.type) {
      case 'QuizProgressRecorded':
        return new Map(state).set(event.data.quizId, {
          answers: event.data.answers,
          finished: event.data.action === 'finished',
          score: event.data.score,
        });
      default:
        return state;
    }
  },
};
