import {
  MAX_USER_DATA_DEPTH,
  applyUserDataSet,
  deepMergeUserData,
  jsonBytes,
  jsonDepth,
  keysNeededFor,
  migrateAlgorithmsUserData,
  migrateUserDataOnRead,
  replaceUserDataKeys,
  selectByFetchMap,
} from './user-data';

describe('deep merge (user-data/set with deepMerge true)', () => {
  it('merges objects at every level; arrays and scalars replace', () => {
    const stored = {
      sortMethod: 'difficulty',
      orderedQuestions: ['a', 'b', 'c'],
      sandboxCode: { 'two-sum': { python: 'old', java: 'class A {}' } },
      workspaceOptions: { theme: 'dark', fontZoom: 1 },
    };
    const merged = deepMergeUserData(stored, {
      orderedQuestions: ['c'],
      sandboxCode: { 'two-sum': { python: 'new' }, 'three-sum': { go: 'package main' } },
      workspaceOptions: { fontZoom: 1.5 },
    });
    expect(merged).toEqual({
      sortMethod: 'difficulty',
      orderedQuestions: ['c'],
      sandboxCode: { 'two-sum': { python: 'new', java: 'class A {}' }, 'three-sum': { go: 'package main' } },
      workspaceOptions: { theme: 'dark', fontZoom: 1.5 },
    });
  });

  it('deletes a key given null, at any level, and leaves nulls out of new objects', () => {
    const stored = { favoritedQuestions: { a: true, b: true }, scratchpadText: 'notes' };
    expect(
      deepMergeUserData(stored, { favoritedQuestions: { a: null, c: true }, scratchpadText: null }),
    ).toEqual({ favoritedQuestions: { b: true, c: true } });
    expect(deepMergeUserData({}, { strikeQuestions: { x: null, y: true } })).toEqual({
      strikeQuestions: { y: true },
    });
    expect(deepMergeUserData({}, { gone: null })).toEqual({});
  });

  it('replaces a scalar with an object and an object with a scalar', () => {
    expect(deepMergeUserData({ a: 1, b: { c: 1 } }, { a: { x: 1 }, b: 'flat' })).toEqual({
      a: { x: 1 },
      b: 'flat',
    });
  });

  it('changes neither argument', () => {
    const stored = { a: { b: 1 } };
    const patch = { a: { c: 2 } };
    deepMergeUserData(stored, patch);
    expect(stored).toEqual({ a: { b: 1 } });
    expect(patch).toEqual({ a: { c: 2 } });
  });

  it('stores a key named __proto__ as data, never as a prototype', () => {
    const patch = JSON.parse('{"__proto__": {"polluted": true}, "a": {"__proto__": 1}}');
    const merged = deepMergeUserData({}, patch);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(merged)).toBe('{"__proto__":{"polluted":true},"a":{"__proto__":1}}');
  });
});

describe('replace (user-data/set with deepMerge false)', () => {
  it('replaces the top-level keys given whole, keeps the others, deletes on null', () => {
    const stored = { workspaceOptions: { theme: 'dark', fontZoom: 2 }, sortMethod: 'category', x: 1 };
    expect(
      replaceUserDataKeys(stored, { workspaceOptions: { keymap: 'vim', layout: null }, x: null }),
    ).toEqual({ workspaceOptions: { keymap: 'vim', layout: null }, sortMethod: 'category' });
  });

  it('is what applyUserDataSet does with deepMerge false', () => {
    const stored = { a: { b: 1 } };
    expect(applyUserDataSet(stored, { data: { a: { c: 1 } }, deepMerge: false })).toEqual({ a: { c: 1 } });
    expect(applyUserDataSet(stored, { data: { a: { c: 1 } }, deepMerge: true })).toEqual({
      a: { b: 1, c: 1 },
    });
  });
});

describe('fetch maps (user-data/get)', () => {
  const stored = {
    sortMethod: 'difficulty',
    sandboxCode: { 'two-sum': { python: 'p', java: 'j' }, 'three-sum': { go: 'g' } },
    scratchpadText: { 'two-sum': 'notes' },
    orderedQuestions: ['a'],
  };

  it('takes the value at a TAKE leaf and selects inside nested maps', () => {
    expect(
      selectByFetchMap(stored, { sortMethod: 'TAKE', sandboxCode: { 'two-sum': { python: 'TAKE' } } }),
    ).toEqual({ sortMethod: 'difficulty', sandboxCode: { 'two-sum': { python: 'p' } } });
    expect(selectByFetchMap(stored, { sandboxCode: 'TAKE' })).toEqual({ sandboxCode: stored.sandboxCode });
  });

  it('leaves out keys the document lacks, and nested maps over values that are no objects', () => {
    expect(
      selectByFetchMap(stored, {
        missing: 'TAKE',
        sortMethod: { deeper: 'TAKE' },
        sandboxCode: { nope: 'TAKE', 'three-sum': 'TAKE' },
      }),
    ).toEqual({ sandboxCode: { 'three-sum': { go: 'g' } } });
    expect(selectByFetchMap({}, { a: 'TAKE', b: { c: 'TAKE' } })).toEqual({});
  });
});

describe('old algorithms data (spec 3)', () => {
  it('shows completed true as struck and middle as favourited', () => {
    const old = {
      completedQuestions: { a: true, b: 'middle', c: false, d: 'other' },
      sortMethod: 'category',
    };
    expect(migrateAlgorithmsUserData(old)).toEqual({
      ...old,
      strikeQuestions: { a: true },
      favoritedQuestions: { b: true },
    });
    expect(old).not.toHaveProperty('strikeQuestions');
  });

  it('keeps a mark the learner set since, true or false, and adds to existing marks', () => {
    const doc = {
      completedQuestions: { a: true, b: 'middle', c: true },
      strikeQuestions: { a: false, z: true },
      favoritedQuestions: { b: false },
    };
    expect(migrateAlgorithmsUserData(doc)).toEqual({
      ...doc,
      strikeQuestions: { a: false, z: true, c: true },
      favoritedQuestions: { b: false },
    });
  });

  it('answers the document itself when there is nothing to migrate', () => {
    const doc = { strikeQuestions: { a: true } };
    expect(migrateAlgorithmsUserData(doc)).toBe(doc);
    expect(migrateAlgorithmsUserData({ completedQuestions: 'junk' })).toEqual({ completedQuestions: 'junk' });
  });

  it('applies to algoexpert only, and loads the old map when marks are asked for', () => {
    const doc = { completedQuestions: { a: true } };
    expect(migrateUserDataOnRead('frontendexpert', doc)).toBe(doc);
    expect(migrateUserDataOnRead('algoexpert', doc)).toHaveProperty('strikeQuestions', { a: true });
    expect(keysNeededFor('algoexpert', { strikeQuestions: 'TAKE' }).sort()).toEqual([
      'completedQuestions',
      'favoritedQuestions',
      'strikeQuestions',
    ]);
    expect(keysNeededFor('algoexpert', { sortMethod: 'TAKE' })).toEqual(['sortMethod']);
    expect(keysNeededFor('frontendexpert', { strike: 'TAKE' })).toEqual(['strike']);
  });
});

describe('sizes and depth', () => {
  it('counts UTF-8 bytes of the JSON text', () => {
    expect(jsonBytes({ a: 'é' })).toBe('{"a":"é"}'.length + 1);
  });

  it('counts nesting levels', () => {
    expect(jsonDepth('x')).toBe(0);
    expect(jsonDepth({ a: 1 })).toBe(1);
    expect(jsonDepth({ a: { b: [1, { c: 1 }] } })).toBe(4);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { d: [deep] };
    // Stops just past the limit instead of walking (and overflowing the stack on) all of it.
    expect(jsonDepth(deep)).toBe(MAX_USER_DATA_DEPTH + 1);
    expect(jsonDepth({ a: { b: 1 } }, 1)).toBe(2);
  });
});
