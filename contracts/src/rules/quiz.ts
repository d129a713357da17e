import type { QuizQuestionContent } from '../content/learning';
import { fitbAccepts } from '../content/learning';
import type { ProblemProductId } from '../constants';

/*
 * The quiz rules both services share: which quiz a product has, how an answer is judged, the score, and
 * what of a question the learner may see (the right answer and the explanation only once the learner
 * has answered that question, or the quiz is finished).
 */

/** Each product with a quiz has one, named by the product's id. */
export const quizIdOf = (product: ProblemProductId) => product;

/** The score (percent, rounded down) a learner needs on a product's quiz towards its certificate. */
export const QUIZ_SCORE_REQUIRED = 80;

export type QuizAnswer = string | number | string[];

/** Whether an answer is right: an mcq's choice index (a number or its digits), a fitb's accepted text. */
export function isRightAnswer(question: QuizQuestionContent, given: QuizAnswer | undefined): boolean {
  if (given === undefined) return false;
  if (question.kind === 'mcq') {
    const index =
      typeof given === 'number'
        ? given
        : typeof given === 'string' && /^\d+$/.test(given)
          ? Number(given)
          : -1;
    return index === question.answer;
  }
  return typeof given === 'string' && fitbAccepts(question.answers, given);
}

export type QuizScore = { correct: number; total: number; percent: number };

export function scoreQuiz(
  questions: readonly QuizQuestionContent[],
  answers: Readonly<Record<string, QuizAnswer>>,
): QuizScore {
  const correct = questions.filter((question) => isRightAnswer(question, answers[question.slug])).length;
  const total = questions.length;
  return { correct, total, percent: total === 0 ? 0 : Math.floor((100 * correct) / total) };
}

/**
 * Whether a question's right answer and explanation may be shown: once the learner has answered it (the
 * answer is then final until the quiz is started again: see answersChangedAfterReveal), or once the quiz
 * is finished.
 */
export const isQuestionRevealed = (finished: boolean, given: QuizAnswer | undefined) =>
  finished || given !== undefined;

/**
 * The questions whose answer the learner saw (they answered them before) and whose answer the new
 * answers change or leave out: an answer once judged cannot be taken back until the quiz restarts.
 */
export function answersChangedAfterReveal(
  before: Readonly<Record<string, QuizAnswer>>,
  after: Readonly<Record<string, QuizAnswer>>,
): string[] {
  return Object.keys(before).filter(
    (id) => after[id] === undefined || JSON.stringify(after[id]) !== JSON.stringify(before[id]),
  );
}

/**
 * A question as the learner sees it: without its answer and explanation until it is revealed (answered,
 * or the quiz finished: isQuestionRevealed), then with them and whether the learner's answer was right.
 */
export function quizQuestionView(
  question: QuizQuestionContent,
  finished: boolean,
  given: QuizAnswer | undefined,
) {
  const reveal = isQuestionRevealed(finished, given);
  const shown = {
    id: question.slug,
    order: question.order,
    topic: question.topic,
    kind: question.kind,
    prompt: question.prompt,
    ...(question.kind === 'mcq' ? { choices: question.choices } : {}),
  };
  if (!reveal) return shown;
  return {
    ...shown,
    ...(question.kind === 'mcq' ? { answer: question.answer } : { answers: question.answers }),
    explanation: question.explanation,
    isCorrect: isRightAnswer(question, given),
  };
}
