import { DomainError, type QuizQuestionContent } from '@app/contracts';
import type { Decision } from '../../infrastructure/aggregate-store';
import type { LearnerPractice } from '../practice.aggregate';
import type { RevealPracticeSolution } from './reveal-practice-solution.command';

/**
 * The practice question asked for among the product's lesson practice questions: only those can be
 * revealed (a quiz's or a course assessment's answer stays hidden until answered), so any other id is
 * NOT_FOUND.
 */
export function practiceQuestionToReveal(
  request: RevealPracticeSolution,
  practiceQuestions: readonly QuizQuestionContent[],
): QuizQuestionContent {
  const question = practiceQuestions.find((candidate) => candidate.slug === request.questionId);
  if (!question)
    throw new DomainError(
      'NOT_FOUND',
      `${request.product} has no lesson practice question "${request.questionId}" (only practice questions can be revealed).`,
    );
  return question;
}

/** The first reveal of a question is recorded; revealing it again appends nothing. */
export function decideRevealPracticeSolution(
  request: RevealPracticeSolution,
  question: QuizQuestionContent,
  practice: LearnerPractice,
): Decision {
  if (practice.revealed.has(question.slug)) return [];
  return [
    {
      type: 'PracticeSolutionRevealed',
      data: { userId: request.userId, product: request.product, questionId: question.slug },
    },
  ];
}
