import { DomainError, type QuizQuestionContent } from '@app/contracts';
import { recordedEvents } from '@app/server-kit';
import { learnerPracticeAggregate } from '../practice.aggregate';
import { decideRevealPracticeSolution, practiceQuestionToReveal } from './decide-reveal-practice-solution';
import type { RevealPracticeSolution } from './reveal-practice-solution.command';

const practiceQuestion: QuizQuestionContent = {
  slug: 'gas-refund-cap',
  order: 1,
  topic: 'Gas',
  kind: 'mcq',
  prompt: 'Which opcode family can earn a gas refund?',
  choices: ['SSTORE clearing a slot', 'CALL', 'LOG'],
  answer: 0,
  explanation:
    'Setting a non-zero storage slot back to zero earns a refund, capped at a fifth of the gas used.',
};
const learner = '6f1c2a0e-7b8d-4e3f-9a1b-2c3d4e5f6a7b';
const request: RevealPracticeSolution = {
  userId: learner,
  product: 'blockchainexpert',
  questionId: practiceQuestion.slug,
};

const revealed = (questionId: string) =>
  ({
    type: 'PracticeSolutionRevealed',
    data: { userId: learner, product: 'blockchainexpert', questionId },
  }) as const;

describe('revealing a practice solution', () => {
  it('records the first reveal of a practice question', () => {
    const practice = learnerPracticeAggregate.initialState();
    expect(decideRevealPracticeSolution(request, practiceQuestion, practice)).toEqual([
      revealed(practiceQuestion.slug),
    ]);
  });

  it('appends nothing when the question was revealed before', () => {
    const practice = recordedEvents([revealed(practiceQuestion.slug)]).reduce(
      learnerPracticeAggregate.evolve,
      learnerPracticeAggregate.initialState(),
    );
    expect(practice.revealed.has(practiceQuestion.slug)).toBe(true);
    expect(decideRevealPracticeSolution(request, practiceQuestion, practice)).toEqual([]);
  });

  it('refuses a question that is not a lesson practice question (a quiz or assessment question)', () => {
    let refusal: unknown;
    try {
      practiceQuestionToReveal({ ...request, questionId: 'assessment-question-1' }, [practiceQuestion]);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).code).toBe('NOT_FOUND');
    expect(practiceQuestionToReveal(request, [practiceQuestion])).toBe(practiceQuestion);
  });
});
