import {
  type LicenceBook,
  type LicenceChange,
  type LicenceRefusal,
  changeLicence,
  emptyLicenceBook,
  formatLicenceKeyCode,
  isLicenceRefusal,
  licenceSeatSummary,
  normalizeLicenceKeyCode,
} from './licences';

const now = new Date('2026-11-20T12:00:00Z');
const yearEnd = '2027-11-21T12:00:00.000Z';

const apply = (book: LicenceBook, ...changes: LicenceChange[]): LicenceBook =>
  changes.reduce((b, change) => {
    const next = changeLicence(b, change, now);
    if (isLicenceRefusal(next)) throw new Error(`refused: ${next.code} ${next.message}`);
    return next;
  }, book);
const refusal = (book: LicenceBook, change: LicenceChange, at = now) => {
  const next = changeLicence(book, change, at);
  return isLicenceRefusal(next) ? next.code : 'accepted';
};
const seats = (n: number, products: string[] = ['algoexpert']) =>
  ({ kind: 'addSeats', products, seats: n, isEnterprise: false, expiresAt: yearEnd }) as LicenceChange;
const key = (code: string, count: number, product = 'algoexpert') =>
  ({ kind: 'createKey', code, name: `Key ${code}`, count, product }) as LicenceChange;
const redeem = (code: string, userId: string) =>
  ({ kind: 'applyKey', code, userId, appliedAt: now.toISOString() }) as LicenceChange;
const unused = (book: LicenceBook, product = 'algoexpert') => book.seats[product as 'algoexpert']?.unused;

describe('licence rule (spec 4: keys against unused seats)', () => {
  it('gives seats per product for the licence year, adding up over purchases', () => {
    const book = apply(emptyLicenceBook(), seats(3, ['algoexpert', 'systemsexpert']), seats(2));
    expect(book.seats).toEqual({
      algoexpert: { total: 5, unused: 5, expiresAt: yearEnd, isEnterprise: false },
      systemsexpert: { total: 3, unused: 3, expiresAt: yearEnd, isEnterprise: false },
    });
  });

  it('adding a key lowers unused by its count and lists it first', () => {
    const book = apply(emptyLicenceBook(), seats(10), key('A', 3), key('B', 2));
    expect(unused(book)).toBe(5);
    expect(book.keys.map((k) => k.code)).toEqual(['B', 'A']);
    expect(book.keys[0]).toMatchObject({ name: 'Key B', count: 2, allowedProducts: ['algoexpert'] });
  });

  it('removing a key returns its count; editing max uses adjusts unused by the difference', () => {
    const book = apply(emptyLicenceBook(), seats(10), key('A', 3));
    expect(unused(apply(book, { kind: 'deleteKey', code: 'A' }))).toBe(10);
    const edited = apply(book, { kind: 'editKey', code: 'A', count: 7, name: 'Team' });
    expect([unused(edited), edited.keys[0]!.count, edited.keys[0]!.name]).toEqual([3, 7, 'Team']);
    expect(unused(apply(book, { kind: 'editKey', code: 'A', count: 1 }))).toBe(9);
    // A rename alone leaves the count and unused seats as they were.
    expect(unused(apply(book, { kind: 'editKey', code: 'A', name: 'Other' }))).toBe(7);
  });

  it('never lets a key take more seats than are unused, on creation or edit', () => {
    const book = apply(emptyLicenceBook(), seats(5), key('A', 3));
    expect(refusal(book, key('B', 3))).toBe('LICENCE_NOT_ENOUGH_SEATS');
    expect(refusal(book, key('B', 2))).toBe('accepted');
    expect(refusal(book, { kind: 'editKey', code: 'A', count: 6 })).toBe('LICENCE_NOT_ENOUGH_SEATS');
    expect(refusal(book, { kind: 'editKey', code: 'A', count: 5 })).toBe('accepted');
  });

  it('refuses a key for a product the licence has no seats of', () => {
    const book = apply(emptyLicenceBook(), seats(5));
    expect(refusal(book, key('B', 1, 'mlexpert'))).toBe('LICENCE_PRODUCT_NOT_LICENSED');
  });

  it('keeps max uses at or above the redemptions made', () => {
    const book = apply(emptyLicenceBook(), seats(5), key('A', 3), redeem('A', 'u1'), redeem('A', 'u2'));
    expect(refusal(book, { kind: 'editKey', code: 'A', count: 1 })).toBe('LICENCE_COUNT_BELOW_REDEMPTIONS');
    expect(unused(apply(book, { kind: 'editKey', code: 'A', count: 2 }))).toBe(3);
  });

  it('deleting a key returns only its unredeemed seats; the redemptions stay used', () => {
    const book = apply(emptyLicenceBook(), seats(5), key('A', 3), redeem('A', 'u1'));
    const deleted = apply(book, { kind: 'deleteKey', code: 'A' });
    expect(unused(deleted)).toBe(4);
    expect(deleted.keys).toEqual([]);
    expect(licenceSeatSummary(deleted)).toEqual([
      { product: 'algoexpert', total: 5, unused: 4, redeemed: 1, expiresAt: yearEnd },
    ]);
    expect(refusal(deleted, redeem('A', 'u2'))).toBe('LICENCE_KEY_UNKNOWN');
  });

  it('admits each learner once and no more learners than the key allows', () => {
    const book = apply(emptyLicenceBook(), seats(5), key('A', 2), redeem('A', 'u1'));
    expect(refusal(book, redeem('A', 'u1'))).toBe('LICENCE_KEY_ALREADY_APPLIED');
    const full = apply(book, redeem('A', 'u2'));
    expect(full.keys[0]!.redemptions.map((r) => r.userId)).toEqual(['u1', 'u2']);
    const exhausted = changeLicence(full, redeem('A', 'u3'), now) as LicenceRefusal;
    expect(exhausted).toMatchObject({ code: 'LICENCE_KEY_EXHAUSTED' });
    expect(exhausted.message).toBe('This licence key has already been used the maximum number of times (2).');
  });

  it('admits no redemption and no new key once the licence year is over', () => {
    const book = apply(emptyLicenceBook(), seats(5), key('A', 2));
    const after = new Date(Date.parse(yearEnd) + 1);
    expect(refusal(book, redeem('A', 'u1'), after)).toBe('LICENCE_EXPIRED');
    expect(refusal(book, key('B', 1), after)).toBe('LICENCE_EXPIRED');
    expect(refusal(book, redeem('A', 'u1'))).toBe('accepted');
  });

  it('refuses edits and deletions of unknown keys, but folds stored facts without refusing', () => {
    const book = apply(emptyLicenceBook(), seats(1));
    expect(refusal(book, { kind: 'deleteKey', code: 'X' })).toBe('LICENCE_KEY_UNKNOWN');
    expect(refusal(book, { kind: 'editKey', code: 'X', name: 'n' })).toBe('LICENCE_KEY_UNKNOWN');
    expect(changeLicence(book, key('B', 5), now, { check: false })).toMatchObject({ keys: [{ code: 'B' }] });
  });

  it('a refunded purchase takes its seats back: unused first, then unredeemed key uses, newest key first', () => {
    const bought = (purchaseId: string, n: number) => ({ ...seats(n), purchaseId }) as LicenceChange;
    const withdraw = (purchaseId: string, n: number) =>
      ({ kind: 'withdrawSeats', purchaseId, products: ['algoexpert'], seats: n }) as LicenceChange;
    // 4 + 6 seats; keys A (3 uses, 2 redeemed) then B (5 uses, 1 redeemed): 2 unused.
    const book = apply(
      emptyLicenceBook(),
      bought('cs_1', 4),
      bought('cs_2', 6),
      key('A', 3),
      key('B', 5),
      redeem('A', 'u1'),
      redeem('A', 'u2'),
      redeem('B', 'u3'),
    );
    expect(unused(book)).toBe(2);
    // Refunding the 6 seats: 2 unused, then B's 4 unredeemed uses (B keeps its redemption).
    const refunded = apply(book, withdraw('cs_2', 6));
    expect(refunded.seats.algoexpert).toMatchObject({ total: 4, unused: 0 });
    expect(refunded.keys.map((k) => [k.code, k.count, k.redemptions.length])).toEqual([
      ['B', 1, 1],
      ['A', 3, 2],
    ]);
    expect(licenceSeatSummary(refunded)[0]).toMatchObject({ total: 4, unused: 0, redeemed: 3 });
    // The same refund again, or one of an unknown purchase, changes nothing.
    expect(apply(refunded, withdraw('cs_2', 6))).toEqual(refunded);
    expect(apply(refunded, withdraw('cs_9', 1))).toEqual(refunded);
    // Refunding the other 4 too: A's 1 unredeemed use goes; the 3 redeemed seats stay counted.
    const both = apply(refunded, withdraw('cs_1', 4));
    expect(both.seats.algoexpert).toMatchObject({ total: 3, unused: 0 });
    expect(both.keys.map((k) => [k.code, k.count])).toEqual([
      ['B', 1],
      ['A', 2],
    ]);
    // A key left with no use and no redemption goes.
    const idle = apply(emptyLicenceBook(), bought('cs_3', 2), key('C', 2));
    expect(apply(idle, withdraw('cs_3', 2)).keys).toEqual([]);
  });

  it('formats key codes in four groups and matches them regardless of case', () => {
    const code = formatLicenceKeyCode(Uint8Array.from({ length: 16 }, (_, i) => i * 7));
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(normalizeLicenceKeyCode(` ${code.toLowerCase()} `)).toBe(code);
  });
});
