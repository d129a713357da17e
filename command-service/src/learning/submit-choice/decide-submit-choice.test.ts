import { DomainError, type QuizQuestionContent } from '@app/contracts';
import { decideSubmitChoice } from './decide-submit-choice';
import type { SubmitChoice } from './submit-choice.command';

const mcq: QuizQuestionContent = {
  slug: 'cache-aside-miss',
  order: 1,
  topic: 'Caching',
  kind: 'mcq',
  prompt: 'On a cache miss in cache-aside, who loads the value?',
  choices: ['The cache itself', 'The application', 'The database'],
  answer: 1,
  explanation:
    'In cache-aside the application reads the database on a miss and writes the value into the cache.',
};
const fitb: QuizQuestionContent = {
  slug: 'quorum-size',
  order: 2,
  topic: 'Replication',
  kind: 'fitb',
  prompt: 'With 5 replicas, a majority quorum is ____ replicas.',
  answers: ['3', 'three'],
  explanation: 'A majority of five is three: any two majorities then share at least one replica.',
};
const learner = '6f1c2a0e-7b8d-4e3f-9a1b-2c3d4e5f6a7b';
const request = (patch: Partial<SubmitChoice>): SubmitChoice => ({
  userId: learner,
  product: 'systemsexpert',
  kind: 'mcq',
  questionId: mcq.slug,
  answer: '1',
  ...patch,
});

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return [error.code, error.message];
    throw error;
  }
  throw new Error('accepted');
};

describe('practise one quiz question', () => {
  it('judges an mcq choice and appends the verdict', () => {
    const right = decideSubmitChoice(request({}), [mcq, fitb]);
    expect(right.correct).toBe(true);
    expect(right.events).toEqual([
      {
        type: 'ChoiceQuestionAnswered',
        data: {
          userId: learner,
          product: 'systemsexpert',
          questionId: mcq.slug,
          kind: 'mcq',
          answer: '1',
          correct: true,
        },
      },
    ]);
    expect(decideSubmitChoice(request({ answer: '2' }), [mcq]).correct).toBe(false);
  });

  it('judges a blank trimmed and case-insensitively against every accepted text', () => {
    const given = (answer: string) =>
      decideSubmitChoice(request({ kind: 'fitb', questionId: fitb.slug, answer }), [mcq, fitb]).correct;
    expect([given('3'), given(' Three '), given('four')]).toEqual([true, true, false]);
  });

  it('judges a course assessment question among the quiz and practice questions, by its id', () => {
    const assessment: QuizQuestionContent = {
      slug: 'delegatecall-writes-caller',
      order: 4,
      topic: 'The EVM',
      kind: 'fitb',
      prompt: 'Code run through DELEGATECALL writes to the storage of the ____ contract.',
      answers: ['calling', 'caller'],
      explanation:
        'DELEGATECALL runs the target code in the context of the caller: its storage, balance and msg.sender.',
    };
    const given = (answer: string) =>
      decideSubmitChoice(
        request({ product: 'blockchainexpert', kind: 'fitb', questionId: assessment.slug, answer }),
        [mcq, fitb, assessment],
      );
    expect(given('Caller').events).toEqual([
      {
        type: 'ChoiceQuestionAnswered',
        data: {
          userId: learner,
          product: 'blockchainexpert',
          questionId: assessment.slug,
          kind: 'fitb',
          answer: 'Caller',
          correct: true,
        },
      },
    ]);
    expect(given('called').correct).toBe(false);
  });

  it('refuses a question the quiz does not have, the other kind of call, and a choice that is not offered', () => {
    expect(refusal(() => decideSubmitChoice(request({ questionId: 'nope' }), [mcq]))).toEqual([
      'NOT_FOUND',
      'systemsexpert has no quiz, practice or assessment question "nope".',
    ]);
    expect(refusal(() => decideSubmitChoice(request({ kind: 'fitb' }), [mcq]))[0]).toBe('VALIDATION_FAILED');
    expect(refusal(() => decideSubmitChoice(request({ answer: '3' }), [mcq]))).toEqual([
      'VALIDATION_FAILED',
      'The request is not valid: answers.0: choose one of the 3 options (0 to 2).',
    ]);
    expect(refusal(() => decideSubmitChoice(request({ answer: 'The application' }), [mcq]))[0]).toBe(
      'VALIDATION_FAILED',
    );
  });
});
