import {
  DomainError,
  type QuizQuestionContent,
  answersChangedAfterReveal,
  quizIdOf,
  scoreQuiz,
} from '@app/contracts';
import type { NewEvent } from '@app/server-kit';
import type { Decision } from '../../infrastructure/aggregate-store';
import type { LearnerQuizzes, QuizAttempt } from '../quiz.aggregate';
import type { RecordQuiz } from './record-quiz.command';

export type RecordQuizState = {
  quizzes: LearnerQuizzes;
  /** The product's published quiz questions. */
  questions: readonly QuizQuestionContent[];
};

/**
 * Start (or restart: the answers are cleared), answer (the answers replace the previous ones) or finish
 * (judged here, against the published questions) a product's quiz. A quiz the product does not have, or
 * has no question yet, is NOT_FOUND; answers naming no question of it, answering a finished quiz
 * before starting it again, or changing (or dropping) an answer already given (its right answer and
 * explanation were shown then), are refused.
 */
export function decideRecordQuiz(command: { request: RecordQuiz }, state: RecordQuizState): Decision {
  const { userId, product, quizId, action } = command.request;
  if (quizId !== quizIdOf(product) || state.questions.length === 0)
    return new DomainError('NOT_FOUND', `${product} has no quiz "${quizId}".`);
  const { answers, score } = attemptAfter(command.request, state.questions);
  const known = new Set(state.questions.map((question) => question.slug));
  const unknown = Object.keys(answers).filter((id) => !known.has(id));
  if (unknown.length > 0)
    return new DomainError('VALIDATION_FAILED', `The quiz has no question ${unknown.join(', ')}.`);
  const current = state.quizzes.get(quizId);
  if (action !== 'started' && current?.finished)
    return new DomainError('VALIDATION_FAILED', 'This quiz is finished: start it again to answer anew.');
  const changed = action === 'started' ? [] : answersChangedAfterReveal(current?.answers ?? {}, answers);
  if (changed.length > 0)
    return new DomainError(
      'VALIDATION_FAILED',
      `Question ${changed.join(', ')} is answered already: its answer stays until the quiz is started again.`,
    );
  const event: NewEvent = {
    type: 'QuizProgressRecorded',
    data: {
      product,
      quizId,
      userId,
      action,
      answers,
      score,
    },
  };
  return [event];
}

/** The quiz as the action leaves it: started clears the answers, finished scores them. */
export function attemptAfter(request: RecordQuiz, questions: readonly QuizQuestionContent[]): QuizAttempt {
  const answers = request.action === 'started' ? {} : request.answers;
  const finished = request.action === 'finished';
  return { answers, finished, score: finished ? scoreQuiz(questions, answers) : null };
}
