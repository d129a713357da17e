import { type UserDataDocument, applyUserDataSet } from '@app/contracts';
import type { Aggregate } from '../../infrastructure/aggregate-store';

/** A learner's data of one product (stream user-data-<product>-<userId>), folded as the read side folds it. */
export const userDataDocumentAggregate: Aggregate<UserDataDocument> = {
  initialState: () => ({}),
  evolve: (document, event) =>
    event.type === 'UserDataSet' ? applyUserDataSet(document, event.data) : document,
};

/** The best finished score (percent) of one quiz in a learner's quiz stream; 0 before any. */
export const bestQuizScoreAggregate = (quizId: string): Aggregate<number> => ({
  initialState: () => 0,
  evolve: (best, event) =>
    event.type === 'QuizProgressRecorded' &&
    event.data.quizId === quizId &&
    event.data.action === 'finished' &&
    event.data.score
      ? Math.max(best, event.data.score.percent)
      : best,
});

/** The questions a learner has answered right at least once, from their practice stream (ChoiceQuestionAnswered). */
export const answeredRightAggregate: Aggregate<ReadonlySet<string>> = {
  initialState: () => new Set<string>(),
  evolve: (right, event) =>
    event.type === 'ChoiceQuestionAnswered' && event.data.correct && !right.has(event.data.questionId)
      ? new Set([...right, event.data.questionId])
      : right,
};
