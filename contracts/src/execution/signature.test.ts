import {
  argumentsOf,
  checkTestInput,
  checkValue,
  formatType,
  functionSignatureSchema,
  normalizeNodes,
  parseType,
  typeNotationSchema,
} from './signature';

describe('type notation', () => {
  it.each([
    'int',
    'long',
    'float',
    'bool',
    'string',
    'ListNode',
    'TreeNode',
    'int[]',
    'string[][]',
    'map<string,int>',
  ])('%s parses and prints back', (text) => {
    expect(formatType(parseType(text))).toBe(text);
  });

  it('nests arrays and maps', () => {
    expect(parseType('map<string, float[]>[]')).toEqual({
      kind: 'array',
      of: { kind: 'map', of: { kind: 'array', of: { kind: 'float' } } },
    });
    expect(typeNotationSchema.parse(' map< string , ListNode > ')).toBe('map<string,ListNode>');
  });

  it.each(['integer', 'int[', 'map<int,int>', 'List<int>', '', 'int[][][][][][][][]'])(
    'refuses %j',
    (text) => {
      expect(typeNotationSchema.safeParse(text).success).toBe(false);
    },
  );
});

describe('function signatures', () => {
  const twoNumberSum = {
    name: 'twoNumberSum',
    params: [
      { name: 'array', type: 'int[]' },
      { name: 'targetSum', type: 'int' },
    ],
    returns: 'int[]',
  };

  it('accepts a camelCase function with typed parameters', () => {
    expect(functionSignatureSchema.parse(twoNumberSum)).toEqual(twoNumberSum);
  });

  it.each([
    ['a keyword as a parameter', { ...twoNumberSum, params: [{ name: 'string', type: 'string' }] }],
    ['a PascalCase name', { ...twoNumberSum, name: 'TwoNumberSum' }],
    ['a duplicated parameter', { ...twoNumberSum, params: [twoNumberSum.params[0], twoNumberSum.params[0]] }],
    ['an unknown return type', { ...twoNumberSum, returns: 'vector<int>' }],
  ])('refuses %s', (_label, signature) => {
    expect(functionSignatureSchema.safeParse(signature).success).toBe(false);
  });

  it('checks a test input against the parameters and orders the arguments', () => {
    const signature = functionSignatureSchema.parse(twoNumberSum);
    expect(checkTestInput(signature, { array: [1, 2], targetSum: 3 })).toBeNull();
    expect(checkTestInput(signature, { targetSum: 3, array: [1, 2] })).toBeNull();
    expect(argumentsOf(signature, { targetSum: 3, array: [1, 2] })).toEqual([[1, 2], 3]);
    expect(checkTestInput(signature, { array: [1, 2] })).toBe('missing parameter "targetSum"');
    expect(checkTestInput(signature, { array: [1], targetSum: 3, extra: 1 })).toBe(
      'unknown parameter "extra"',
    );
    expect(checkTestInput(signature, { array: [1, 'x'], targetSum: 3 })).toBe(
      'expected int at array[1], got string',
    );
    expect(checkTestInput(signature, [1, 2])).toMatch(/JSON object/);
  });
});

describe('checkValue', () => {
  it.each([
    ['int', 2147483647],
    ['int', -2147483648],
    ['long', 9007199254740991],
    ['float', 1],
    ['float', -0.5],
    ['bool', false],
    ['string', ''],
    ['int[][]', [[1], []]],
    ['map<string,bool>', { a: true }],
    ['ListNode', null],
    ['ListNode', [1, 2]],
    ['TreeNode', []],
    ['TreeNode', [1, null, 2, 3]],
    ['TreeNode', [1, 2, 3, null, null, 4, null, null, null]],
  ])('%s accepts %j', (type, value) => {
    expect(checkValue(parseType(type), value)).toBeNull();
  });

  it.each([
    ['int', 2147483648],
    ['int', 1.5],
    ['long', 2 ** 60],
    ['float', '1'],
    ['bool', 0],
    ['string', null],
    ['int[]', { 0: 1 }],
    ['map<string,int>', [1]],
    ['ListNode', [1, null]],
    ['TreeNode', [null, 1]],
    ['TreeNode', [1, null, null, 2]],
  ])('%s refuses %j', (type, value) => {
    expect(checkValue(parseType(type), value)).toEqual(expect.any(String));
  });

  it('names the path of the offending part', () => {
    expect(checkValue(parseType('map<string,int[]>'), { a: [1], b: [2, 'x'] })).toBe(
      'expected int at b[1], got string',
    );
  });

  it('normalises empty nodes and trailing nulls', () => {
    expect(normalizeNodes(parseType('TreeNode[]'), [null, [1, 2, null, null]])).toEqual([[], [1, 2]]);
    expect(normalizeNodes(parseType('map<string,ListNode>'), { a: null })).toEqual({ a: [] });
  });
});
