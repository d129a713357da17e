import { DomainError, type QuizQuestionContent, invalidField, isRightAnswer } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';
import type { SubmitChoice } from './submit-choice.command';

/**
 * Practice of one quiz question, lesson practice question or course assessment question: judged against the published question,
 * never against anything the browser holds. A question the product does not have is NOT_FOUND; an mcq answered through the
 * fitb call (or the other way round), or a choice that is not one of the question's, is refused.
 * Practice has no invariant across answers: every judged answer is appended.
 */
export function decideSubmitChoice(
  request: SubmitChoice,
  questions: readonly QuizQuestionContent[],
): { events: NewEvent<'ChoiceQuestionAnswered'>[]; question: QuizQuestionContent; correct: boolean } {
  const question = questions.find((candidate) => candidate.slug === request.questionId);
  if (!question)
    throw new DomainError(
      'NOT_FOUND',
      `${request.product} has no quiz, practice or assessment question "${request.questionId}".`,
    );
  if (question.kind !== request.kind)
    throw invalidField(
      'questionId',
      `${request.questionId} is a ${question.kind === 'mcq' ? 'multiple-choice' : 'fill-in-the-blank'} question: submit it through submissions/${question.kind}/create.`,
    );
  if (
    question.kind === 'mcq' &&
    !(/^\d+$/.test(request.answer) && Number(request.answer) < question.choices.length)
  )
    throw invalidField(
      'answers.0',
      `choose one of the ${question.choices.length} options (0 to ${question.choices.length - 1}).`,
    );
  const correct = isRightAnswer(question, request.answer);
  return {
    events: [
      {
        type: 'ChoiceQuestionAnswered',
        data: {
          userId: request.userId,
          product: request.product,
          questionId: question.slug,
          kind: question.kind,
          answer: request.answer,
          correct,
        },
      },
    ],
    question,
    correct,
  };
}
