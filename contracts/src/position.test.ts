import { comparePositions, formatPosition, maxPosition, parsePosition, ZERO_POSITION } from './position';

describe('position tokens', () => {
  it('formats and parses back', () => {
    const p = { transactionId: 123456789012n, position: 42n };
    expect(formatPosition(p)).toBe('123456789012.42');
    expect(parsePosition(formatPosition(p))).toEqual(p);
    expect(parsePosition(formatPosition(ZERO_POSITION))).toEqual(ZERO_POSITION);
  });

  it('keeps 64-bit values exact', () => {
    const big = { transactionId: 18446744073709551615n, position: 9223372036854775807n };
    expect(parsePosition(formatPosition(big))).toEqual(big);
  });

  it('tolerates surrounding whitespace', () => {
    expect(parsePosition(' 7.8 ')).toEqual({ transactionId: 7n, position: 8n });
  });

  it.each([
    '',
    '.',
    '1',
    '1.',
    '.1',
    '1.2.3',
    '-1.2',
    '1.-2',
    'a.b',
    '1,2',
    '1.2x',
    '0x1.2',
    '1e3.2',
    '123456789012345678901.1',
  ])('refuses %p', (text) => {
    expect(parsePosition(text)).toBeUndefined();
  });

  it('orders by transaction id first, then position', () => {
    const a = { transactionId: 5n, position: 100n };
    const b = { transactionId: 6n, position: 1n };
    const c = { transactionId: 6n, position: 2n };
    expect(comparePositions(a, b)).toBe(-1);
    expect(comparePositions(b, a)).toBe(1);
    expect(comparePositions(b, c)).toBe(-1);
    expect(comparePositions(c, b)).toBe(1);
    expect(comparePositions(c, { ...c })).toBe(0);
    expect([c, a, b].sort(comparePositions)).toEqual([a, b, c]);
  });

  it('takes the later of two positions', () => {
    const a = { transactionId: 5n, position: 100n };
    const b = { transactionId: 6n, position: 1n };
    expect(maxPosition(a, b)).toBe(b);
    expect(maxPosition(b, a)).toBe(b);
  });
});
