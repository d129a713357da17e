import { MAX_JSON_DEPTH, unstorableJsonReason, unstorableJsonTextReason } from './json';

const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { inner: value } : [value];
  return value;
};

/** Values that can and cannot be stored, with keys and strings in every place a reason can hide. */
const cases: [string, unknown][] = [
  ['plain object', { eventType: 'ui-error', body: { message: 'ok', seq: 3, path: '/problems/two-sum' } }],
  ['surrogate pair', { emoji: 'solved 😀' }],
  ['backslash u in a string', { path: 'C:\\users\\u0000' }],
  ['control character', { text: 'bell\u0007' }],
  ['NUL in a string', { text: 'a\u0000b' }],
  ['NUL in a key', { ['k\u0000']: 1 }],
  ['lone high surrogate', { text: 'x\uD800y' }],
  ['lone low surrogate in an array', ['ok', ['\uDC00']]],
  ['lone surrogate in a key', { ['\uDBFF']: true }],
  ['deep but allowed', nested(MAX_JSON_DEPTH - 1)],
  ['too deep', nested(MAX_JSON_DEPTH + 1)],
  ['many brackets, shallow', { list: Array.from({ length: 200 }, (_, i) => [i]) }],
  ['string', 'just text'],
  ['null', null],
  ['number', 42],
];

describe('unstorableJsonTextReason', () => {
  it.each(cases)('gives the walk’s verdict for %s', (_, value) => {
    expect(unstorableJsonTextReason(value, JSON.stringify(value))).toBe(unstorableJsonReason(value));
  });

  it('refuses what PostgreSQL would refuse and accepts the rest', () => {
    const verdicts = Object.fromEntries(
      cases.map(([name, value]) => [name, unstorableJsonTextReason(value, JSON.stringify(value))]),
    );
    expect(verdicts['NUL in a key']).toBe('contains a NUL character');
    expect(verdicts['lone low surrogate in an array']).toBe('contains an unpaired UTF-16 surrogate');
    expect(verdicts['too deep']).toBe(`is nested deeper than ${MAX_JSON_DEPTH} levels`);
    expect(verdicts['surrogate pair']).toBeUndefined();
    expect(verdicts['backslash u in a string']).toBeUndefined();
    expect(verdicts['many brackets, shallow']).toBeUndefined();
  });
});
