import { recordedEvents } from '@app/server-kit';
import { learnerSubmissions, outcomesOf } from './learner-submissions.aggregate';

const userId = '00000000-0000-4000-8000-000000000001';
const submitted = (
  questionId: string,
  status: 'CORRECT' | 'INCORRECT',
  product: 'algoexpert' | 'frontendexpert' = 'algoexpert',
) =>
  ({
    type: 'CodeSubmitted',
    data: {
      userId,
      product,
      questionId,
      questionVersion: 1,
      language: 'python',
      status,
      testsPassed: status === 'CORRECT' ? 3 : 1,
      testsTotal: 3,
      codeSha256: 'a'.repeat(64),
      durationMs: 12,
    },
  }) as const;

describe("a learner's submissions stream", () => {
  it('folds into the latest outcome per question of a product; a reset forgets what came before it', () => {
    const events = recordedEvents([
      submitted('a', 'CORRECT'),
      { type: 'SubmissionsReset', data: { userId, product: 'algoexpert' } },
      submitted('b', 'CORRECT'),
      submitted('b', 'INCORRECT'),
      submitted('c', 'CORRECT'),
      submitted('a', 'CORRECT', 'frontendexpert'),
    ]);
    const state = events.reduce(learnerSubmissions.evolve, learnerSubmissions.initialState());
    expect(outcomesOf(state, 'algoexpert')).toEqual([
      { questionId: 'b', status: 'INCORRECT' },
      { questionId: 'c', status: 'CORRECT' },
    ]);
    expect(outcomesOf(state, 'frontendexpert')).toEqual([{ questionId: 'a', status: 'CORRECT' }]);
  });
});
