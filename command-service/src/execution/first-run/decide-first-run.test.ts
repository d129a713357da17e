import { decideFirstRun, evolveFirstRun } from './decide-first-run';

const run = {
  userId: '0d3c6a0e-2f8b-4c61-9f0e-7c7a1b2c3d4e',
  product: 'algoexpert' as const,
  questionId: 'ordered-squares',
  language: 'python' as const,
};

describe('first run', () => {
  it('records the first run of a learner', () => {
    expect(decideFirstRun({ recorded: false }, run)).toEqual([{ type: 'FirstCodeRunRecorded', data: run }]);
  });

  it('appends nothing for the runs after it', () => {
    const [first] = decideFirstRun({ recorded: false }, run);
    const state = evolveFirstRun({ recorded: false }, first!.data);
    expect(state).toEqual({ recorded: true });
    expect(decideFirstRun(state, { ...run, questionId: 'count-islands' })).toEqual([]);
  });
});
