import { checkCompareOptions, compareOptionsSchema, compareOutputs } from './compare';
import { parseType } from './signature';

const compare = (type: string, expected: unknown, actual: unknown, options = {}) =>
  compareOutputs(parseType(type), expected, actual, options);

describe('compareOutputs', () => {
  it('compares ints, strings and booleans exactly', () => {
    expect(compare('int', 3, 3)).toEqual({ match: true });
    expect(compare('int', 3, 4)).toEqual({ match: false, reason: 'expected 3, got 4' });
    expect(compare('string', 'ab', 'ab ').match).toBe(false);
    expect(compare('bool', true, true).match).toBe(true);
  });

  it('checks the shape of the actual output first', () => {
    expect(compare('int', 3, '3')).toEqual({ match: false, reason: 'expected int, got string' });
    expect(compare('int[]', [1], null)).toEqual({ match: false, reason: 'expected int[], got null' });
    expect(compare('float', 1, 'NaN').match).toBe(false);
  });

  it('compares floats with an absolute and a relative tolerance', () => {
    expect(compare('float', 0.1 + 0.2, 0.3).match).toBe(true);
    expect(compare('float', 1, 1.0000009).match).toBe(true);
    expect(compare('float', 1, 1.00001).match).toBe(false);
    expect(compare('float', 1e12, 1e12 + 1e5).match).toBe(true);
    expect(compare('float', 1e12, 1e12 + 1e7).match).toBe(false);
    expect(compare('float', 1, 1.01, { tolerance: { absolute: 0.05 } }).match).toBe(true);
    expect(compare('float[]', [1.5, 2], [1.5, 2.0000001]).match).toBe(true);
  });

  it('compares arrays in order unless told otherwise', () => {
    expect(compare('int[]', [1, 2], [2, 1])).toEqual({ match: false, reason: 'expected 1 at [0], got 2' });
    expect(compare('int[]', [1, 2], [2, 1], { unordered: true })).toEqual({ match: true });
    expect(compare('int[]', [1, 1, 2], [1, 2, 2], { unordered: true })).toEqual({
      match: false,
      reason: 'expected item 1 not found',
    });
    expect(compare('int[]', [1], [1, 2])).toEqual({ match: false, reason: 'expected 1 items, got 2' });
  });

  it('applies nested unordered options', () => {
    const triplets = [
      [1, 2, 3],
      [0, 4, 5],
    ];
    const shuffled = [
      [5, 4, 0],
      [3, 2, 1],
    ];
    expect(compare('int[][]', triplets, shuffled, { unordered: true }).match).toBe(false);
    expect(
      compare('int[][]', triplets, shuffled, { unordered: true, items: { unordered: true } }).match,
    ).toBe(true);
    expect(
      compare(
        'int[][]',
        triplets,
        [
          [3, 2, 1],
          [5, 4, 0],
        ],
        { items: { unordered: true } },
      ).match,
    ).toBe(true);
  });

  it('matches unordered floats under the tolerance', () => {
    expect(compare('float[]', [0.5, 1.25], [1.2500001, 0.4999999], { unordered: true }).match).toBe(true);
    expect(compare('float[]', [0.5, 1.25], [1.3, 0.5], { unordered: true }).match).toBe(false);
  });

  it('compares maps key by key', () => {
    expect(compare('map<string,int>', { a: 1, b: 2 }, { b: 2, a: 1 }).match).toBe(true);
    expect(compare('map<string,int>', { a: 1 }, { a: 1, b: 2 })).toEqual({
      match: false,
      reason: 'unexpected key "b"',
    });
    expect(compare('map<string,int>', { a: 1, b: 2 }, { a: 1 })).toEqual({
      match: false,
      reason: 'missing key "b"',
    });
    expect(compare('map<string,float>', { a: 1 }, { a: 1.5 })).toEqual({
      match: false,
      reason: 'expected 1 at .a, got 1.5',
    });
  });

  it('compares lists and trees by their canonical JSON', () => {
    expect(compare('ListNode', [], null).match).toBe(true);
    expect(compare('ListNode', [1, 2], [1, 2]).match).toBe(true);
    expect(compare('ListNode', [1, 2], [2, 1]).match).toBe(false);
    expect(compare('TreeNode', [1, null, 2], [1, null, 2, null, null]).match).toBe(true);
    expect(compare('TreeNode', [1, null, 2], [1, 2]).match).toBe(false);
  });
});

describe('compare options', () => {
  it('nest and are checked against the type', () => {
    const options = compareOptionsSchema.parse({ unordered: true, items: { unordered: true } });
    expect(checkCompareOptions(parseType('int[][]'), options)).toBeNull();
    expect(checkCompareOptions(parseType('int[]'), options)).toBe('unordered applies to arrays, not int');
    expect(checkCompareOptions(parseType('int'), { unordered: true })).toBe(
      'unordered applies to arrays, not int',
    );
    expect(compareOptionsSchema.safeParse({ ordered: false }).success).toBe(false);
  });
});
