import {
  type AffiliateCut,
  type AffiliateSaleFigures,
  affiliateMonthIndex,
  affiliateMonthlyEarnings,
  affiliateSaleCutCents,
} from './affiliate-earnings';
import { toUsdCents } from './pricing';

const perc = (cutPerc: number): AffiliateCut => ({ cutFlat: null, cutPerc });
const flat = (cutFlat: number): AffiliateCut => ({ cutFlat, cutPerc: null });
const sale = (amountCents: number, soldAt: string, refundedCents = 0, fullyRefunded = false) =>
  ({ amountCents, refundedCents, fullyRefunded, soldAt }) satisfies AffiliateSaleFigures;

const monthsOf = (
  sales: AffiliateSaleFigures[],
  cut: AffiliateCut,
  currentMonth: string,
  lastPaidMonth: string | null = null,
) => affiliateMonthlyEarnings({ sales, cut, currentMonth, lastPaidMonth });

describe('affiliate monthly earnings', () => {
  it('counts months from January 2019', () => {
    expect(affiliateMonthIndex('2019-01')).toBe(0);
    expect(affiliateMonthIndex('2019-09')).toBe(8);
    expect(affiliateMonthIndex('2024-03')).toBe(62);
  });

  it('a late month (index > 7) with a percentage cut: fee off the sale, cut of the rest, 2 % off the month', () => {
    // a = 10000: fee 290 + 30 = 320; (10000 − 320) × 20 % = 1936 = G; 2 % = 38.72; 1897.28 → 1897.
    const [month] = monthsOf([sale(10_000, '2024-03-10T12:00:00Z')], perc(20), '2024-03');
    expect(month).toEqual({
      month: '2024-03',
      monthIndex: 62,
      sales: 1,
      grossCents: 1936,
      feeCents: 320,
      reductionCents: 39,
      earningsCents: 1897,
      status: 'In Progress',
    });
  });

  it('the 2 % reduction is capped at 2000 cents', () => {
    // Flat 60000 cents on two sales: G = 120000; 2 % = 2400 > 2000, so 118000.
    const [month] = monthsOf(
      [sale(5000, '2023-05-01T00:00:00Z'), sale(7000, '2023-05-31T23:59:59Z')],
      flat(60_000),
      '2023-05',
    );
    expect(month).toMatchObject({
      sales: 2,
      grossCents: 120_000,
      reductionCents: 2000,
      earningsCents: 118_000,
    });
  });

  it('an early month (index ≤ 7) loses 100 cents, never going below 0', () => {
    const [march] = monthsOf([sale(10_000, '2019-03-01T00:00:00Z')], perc(20), '2019-03');
    // G = 1936 − 100 = 1836.
    expect(march).toMatchObject({
      monthIndex: 2,
      grossCents: 1936,
      reductionCents: 100,
      earningsCents: 1836,
    });
    const [august] = monthsOf([sale(1000, '2019-08-31T23:59:59Z')], flat(80), '2019-08');
    expect(august).toMatchObject({ monthIndex: 7, grossCents: 80, earningsCents: 0, status: '—' });
    const [september] = monthsOf([sale(1000, '2019-09-01T00:00:00Z')], flat(80), '2019-09');
    // Index 8: 80 − 1.6 = 78.4 → 78.
    expect(september).toMatchObject({ monthIndex: 8, earningsCents: 78, reductionCents: 2 });
  });

  it('ignores sales before 2019-01-25 00:00 UTC; the boundary itself counts', () => {
    const months = monthsOf(
      [sale(10_000, '2019-01-24T23:59:59Z'), sale(10_000, '2019-01-25T00:00:00Z')],
      flat(500),
      '2019-02',
    );
    expect(months).toEqual([
      expect.objectContaining({ month: '2019-01', sales: 1, grossCents: 500, earningsCents: 400 }),
      expect.objectContaining({ month: '2019-02', sales: 0, grossCents: 0, earningsCents: 0, status: '—' }),
    ]);
    expect(monthsOf([sale(10_000, '2019-01-24T23:59:59Z')], flat(500), '2019-02')).toEqual([]);
  });

  it('a flat cut earns the same whatever the amount', () => {
    const [month] = monthsOf(
      [sale(100, '2025-01-02T00:00:00Z'), sale(99_999, '2025-01-03T00:00:00Z')],
      flat(1000),
      '2025-01',
    );
    expect(month).toMatchObject({ grossCents: 2000, earningsCents: 1960 });
  });

  it('a partial refund scales the sale’s earning by (a − r) / a; a full refund makes it 0', () => {
    // (10000 − 320) × 20 % = 1936, × 7500 / 10000 = 1452; 2 % = 29.04 → 1422.96 → 1423.
    const [partial] = monthsOf([sale(10_000, '2024-03-10T00:00:00Z', 2500)], perc(20), '2024-03');
    expect(partial).toMatchObject({ grossCents: 1452, earningsCents: 1423 });
    const [flatPartial] = monthsOf([sale(10_000, '2024-03-10T00:00:00Z', 2500)], flat(1000), '2024-03');
    expect(flatPartial).toMatchObject({ grossCents: 750, earningsCents: 735 });
    const [full] = monthsOf(
      [sale(10_000, '2024-03-10T00:00:00Z', 10_000, true), sale(2000, '2024-03-11T00:00:00Z', 300, true)],
      perc(20),
      '2024-03',
    );
    expect(full).toMatchObject({ sales: 2, grossCents: 0, earningsCents: 0, status: '—' });
  });

  it('a sale in another currency earns on its dollar value; its refund scales in its own currency', () => {
    // ₹3,999.00 = 399900 paise at 0.0113 → 4518.87 → 4519 US cents: fee 131.051 + 30 = 161.051;
    // (4519 − 161.051) × 20 % = 871.5898; refund of ₹999.75 (a quarter) → × 3/4 = 653.69235;
    // 2 % off the month (index 62): 640.6185 → 641.
    const usdCents = toUsdCents(399_900, '0.0113');
    expect(usdCents).toBe(4519);
    const inr = { ...sale(399_900, '2024-03-10T00:00:00Z', 99_975), usdCents };
    const [month] = monthsOf([inr], perc(20), '2024-03');
    expect(month).toMatchObject({ grossCents: 654, feeCents: 161, earningsCents: 641 });
    // The same sale had it been charged in dollars at that value.
    const [asDollars] = monthsOf([sale(4519, '2024-03-10T00:00:00Z', 4519 / 4)], perc(20), '2024-03');
    expect(asDollars).toMatchObject({ grossCents: 654, earningsCents: 641 });
  });

  it('converts to US cents exactly, half up once', () => {
    expect(toUsdCents(10_000, '1')).toBe(10_000);
    expect(toUsdCents(8900, '1.16')).toBe(10_324);
    expect(toUsdCents(50, '0.01')).toBe(1); // 0.5 → 1
    expect(toUsdCents(49, '0.01')).toBe(0);
    expect(toUsdCents(0, '0.0113')).toBe(0);
  });

  it('rounds half up once, on the month, not per sale', () => {
    // a = 1000 at 10 %: (1000 − 59) × 10 % = 94.1 per sale.
    // Five sales: G = 470.5; 2 % = 9.41 → 461.09 → 461. Rounding per sale would give 94 × 5 = 470.
    const sales = Array.from({ length: 5 }, (_, i) => sale(1000, `2024-06-0${i + 1}T00:00:00Z`));
    const [month] = monthsOf(sales, perc(10), '2024-06');
    expect(month).toMatchObject({ grossCents: 471, feeCents: 295, earningsCents: 461, reductionCents: 10 });
    // An exact half goes up: a flat 25 at index 8 leaves 25 − 0.5 = 24.5 → 25.
    const [half] = monthsOf([sale(1000, '2019-09-05T00:00:00Z')], flat(25), '2019-09');
    expect(half).toMatchObject({ earningsCents: 25, reductionCents: 0 });
  });

  it('every month from the first sale to the current one; Sent up to the last paid month', () => {
    const months = monthsOf(
      [
        sale(10_000, '2024-01-15T00:00:00Z'),
        sale(10_000, '2024-03-15T00:00:00Z'),
        sale(10_000, '2024-04-01T00:00:00Z'),
      ],
      flat(1000),
      '2024-05',
      '2024-03',
    );
    expect(months.map((m) => [m.month, m.earningsCents, m.status])).toEqual([
      ['2024-01', 980, 'Sent'],
      ['2024-02', 0, '—'],
      ['2024-03', 980, 'Sent'],
      ['2024-04', 980, 'In Progress'],
      ['2024-05', 0, '—'],
    ]);
  });

  it('a small sale with a percentage cut can earn less than nothing, which the month absorbs', () => {
    const [month] = monthsOf(
      [sale(20, '2024-03-01T00:00:00Z'), sale(10_000, '2024-03-02T00:00:00Z')],
      perc(20),
      '2024-03',
    );
    // (20 − 30.58) × 20 % = −2.116; G = 1933.884 → 1934; − 38.67768 = 1895.20632 → 1895.
    expect(month).toMatchObject({ grossCents: 1934, earningsCents: 1895 });
  });

  it('the daily cut is the sales’ exact earnings rounded once', () => {
    expect(
      affiliateSaleCutCents(
        [sale(1000, '2024-06-01T00:00:00Z'), sale(1000, '2024-06-01T01:00:00Z')],
        perc(10),
      ),
    ).toBe(188);
    expect(affiliateSaleCutCents([sale(1000, '2019-01-24T00:00:00Z')], flat(500))).toBe(0);
  });
});
