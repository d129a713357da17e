import { differences } from './time-travel';

describe('differences between two views of an account', () => {
  it('lists every changed leaf by its path, in key order', () => {
    const before = {
      ownedProducts: ['algoexpert'],
      unlocks: { algoexpert: { numQuestionsCompleted: 1, numQuestionsRequired: 3 } },
      userData: { algoexpert: { notes: { q1: 'a' } } },
    };
    const after = {
      ownedProducts: ['algoexpert', 'systemsexpert'],
      unlocks: { algoexpert: { numQuestionsCompleted: 2, numQuestionsRequired: 3 } },
      userData: { algoexpert: { notes: { q1: 'a', q2: 'b' } }, mlexpert: { sortMethod: 'category' } },
    };
    expect(differences(before, after)).toEqual([
      { path: 'ownedProducts', before: ['algoexpert'], after: ['algoexpert', 'systemsexpert'] },
      { path: 'unlocks.algoexpert.numQuestionsCompleted', before: 1, after: 2 },
      { path: 'userData.algoexpert.notes.q2', before: undefined, after: 'b' },
      { path: 'userData.mlexpert.sortMethod', before: undefined, after: 'category' },
    ]);
  });

  it('finds nothing between equal views, and names removed values', () => {
    expect(differences({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
    expect(differences({ a: { b: 1 } }, {})).toEqual([{ path: 'a.b', before: 1, after: undefined }]);
  });
});
