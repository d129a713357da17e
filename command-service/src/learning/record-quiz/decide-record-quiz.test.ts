import { DomainError, type QuizQuestionContent } from '@app/contracts';
import { decideRecordQuiz } from './decide-record-quiz';
import type { RecordQuiz } from './record-quiz.command';

const userId = '00000000-0000-4000-8000-000000000001';
const explanation = 'Forty characters or more of the explanation text.';
const questions: QuizQuestionContent[] = [
  {
    slug: 'q1',
    order: 1,
    topic: 'T',
    kind: 'mcq',
    prompt: 'Which?',
    choices: ['a', 'b'],
    answer: 1,
    explanation,
  },
  { slug: 'q2', order: 2, topic: 'T', kind: 'fitb', prompt: 'Fill ____.', answers: ['Live'], explanation },
];
const command = (action: RecordQuiz['action'], answers: RecordQuiz['answers'] = {}) => ({
  request: { userId, product: 'systemsexpert' as const, quizId: 'systemsexpert', action, answers },
});
function data(decision: ReturnType<typeof decideRecordQuiz>) {
  if (decision instanceof DomainError) throw decision;
  const [event] = decision;
  if (event.type !== 'QuizProgressRecorded') throw new Error(`unexpected ${event.type}`);
  return event.data;
}

describe('record quiz: given the learner quizzes and the published questions, when', () => {
  const fresh = { quizzes: new Map(), questions };

  it('started, then the quiz starts with no answers and no score', () => {
    expect(data(decideRecordQuiz(command('started', { q1: 1 }), fresh))).toEqual({
      product: 'systemsexpert',
      quizId: 'systemsexpert',
      userId,
      action: 'started',
      answers: {},
      score: null,
    });
  });

  it('answered, then the answers are recorded unjudged', () => {
    expect(data(decideRecordQuiz(command('answered', { q1: 0 }), fresh))).toMatchObject({
      action: 'answered',
      answers: { q1: 0 },
      score: null,
    });
  });

  it('finished, then the server judges: mcq by index, fitb trimmed and case-insensitively', () => {
    expect(data(decideRecordQuiz(command('finished', { q1: 1, q2: ' live ' }), fresh)).score).toEqual({
      correct: 2,
      total: 2,
      percent: 100,
    });
    expect(data(decideRecordQuiz(command('finished', { q1: 0 }), fresh)).score).toEqual({
      correct: 0,
      total: 2,
      percent: 0,
    });
  });

  it('answers name a question the quiz does not have, or the quiz is unknown, then it is refused', () => {
    const unknown = decideRecordQuiz(command('answered', { nope: 1 }), fresh);
    expect(unknown).toBeInstanceOf(DomainError);
    expect((unknown as DomainError).code).toBe('VALIDATION_FAILED');
    const other = decideRecordQuiz({ request: { ...command('started').request, quizId: 'mlexpert' } }, fresh);
    expect((other as DomainError).code).toBe('NOT_FOUND');
    expect((decideRecordQuiz(command('started'), { ...fresh, questions: [] }) as DomainError).code).toBe(
      'NOT_FOUND',
    );
  });

  it('a finished quiz is answered again, then it is refused until restarted', () => {
    const finished = {
      questions,
      quizzes: new Map([['systemsexpert', { answers: {}, finished: true, score: null }]]),
    };
    expect(decideRecordQuiz(command('answered', { q1: 1 }), finished)).toBeInstanceOf(DomainError);
    expect(data(decideRecordQuiz(command('started'), finished)).action).toBe('started');
  });

  it('an answer already given (its verdict shown) is changed or dropped, then it is refused; new ones are added', () => {
    const answered = {
      questions,
      quizzes: new Map([['systemsexpert', { answers: { q1: 0 }, finished: false, score: null }]]),
    };
    expect((decideRecordQuiz(command('answered', { q1: 1 }), answered) as DomainError).code).toBe(
      'VALIDATION_FAILED',
    );
    expect(decideRecordQuiz(command('answered', { q2: 'live' }), answered)).toBeInstanceOf(DomainError);
    expect(data(decideRecordQuiz(command('answered', { q1: 0, q2: 'live' }), answered)).answers).toEqual({
      q1: 0,
      q2: 'live',
    });
    expect(data(decideRecordQuiz(command('finished', { q1: 0, q2: 'x' }), answered)).score?.correct).toBe(0);
    expect(data(decideRecordQuiz(command('started'), answered)).answers).toEqual({});
  });
});
