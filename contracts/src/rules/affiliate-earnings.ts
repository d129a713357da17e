import Fraction from 'fraction.js';

type Exact = InstanceType<typeof Fraction>;
import type { AffiliatePayoutStatus } from '../constants/affiliates';

/*
 * Affiliate earnings (issue 18, spec 9), in cents. Everything is summed as exact fractions and
 * rounded half up to whole cents only at the end, so a month's figure does not depend on the order
 * of its sales or on floating-point error.
 */

/** The affiliate's cut: a flat number of cents per sale, else a percentage of the sale after the fee. */
export type AffiliateCut = { cutFlat: number | null; cutPerc: number | null };

/** One attributed sale as the rule needs it. */
export type AffiliateSaleFigures = {
  /** What the buyer paid, in cents of the sale's currency, after discounts. */
  amountCents: number;
  /**
   * The same sale in US cents (equal to `amountCents` for a sale in dollars): the fee and the cut are
   * worked out on it, as affiliates earn in dollars. Absent: the sale was in dollars.
   */
  usdCents?: number;
  /** Cents of the sale's currency refunded so far (the running total); a full refund zeroes the earning. */
  refundedCents: number;
  fullyRefunded: boolean;
  /** When the sale happened (the paid checkout session's creation), an ISO timestamp. */
  soldAt: string;
};

export type AffiliateMonth = {
  /** YYYY-MM, UTC. */
  month: string;
  /** Months since January 2019 (= 0). */
  monthIndex: number;
  /** Sales counted in the month (sales before 2019-01-25 are not). */
  sales: number;
  /** G rounded half up: the sum of the month's sale earnings before the monthly reduction. */
  grossCents: number;
  /** The processing fees of the month's sales (0.029 × a + 30 each), rounded half up. */
  feeCents: number;
  /** grossCents − earningsCents when G > 0, else 0. */
  reductionCents: number;
  /** The month's earnings, rounded half up at this last step. */
  earningsCents: number;
  status: AffiliatePayoutStatus;
};

/** Sales before this instant earn nothing (spec 5). */
export const AFFILIATE_EARNINGS_START = Date.parse('2019-01-25T00:00:00Z');

const FEE_RATE = new Fraction(29, 1000);
const FEE_FLAT_CENTS = new Fraction(30);
/** m > 7: 2 % of G capped at $20; otherwise $1. */
const LATE_REDUCTION_RATE = new Fraction(2, 100);
const LATE_REDUCTION_CAP_CENTS = new Fraction(2000);
const EARLY_REDUCTION_CENTS = new Fraction(100);
const LAST_EARLY_MONTH_INDEX = 7;

const pad = (n: number) => String(n).padStart(2, '0');

/** The UTC month of an instant, YYYY-MM. */
export function monthOf(instant: string | number | Date): string {
  const date = new Date(instant);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}`;
}

/** Months since January 2019 of a YYYY-MM month. */
export function affiliateMonthIndex(month: string): number {
  const [year, monthOfYear] = month.split('-').map(Number);
  return (year - 2019) * 12 + (monthOfYear - 1);
}

const monthAtIndex = (index: number) =>
  `${2019 + Math.floor(index / 12)}-${pad((((index % 12) + 12) % 12) + 1)}`;

/** Half up to a whole number of cents: floor(x + 1/2). */
const roundHalfUp = (value: Exact): number => Number(value.add(1, 2).floor().valueOf());

const processingFee = (amountCents: number) => FEE_RATE.mul(amountCents).add(FEE_FLAT_CENTS);

/** A month's status (spec 3, 4): '—' without earnings, 'Sent' up to the last paid month, else 'In Progress'. */
export function affiliatePayoutStatus(
  month: string,
  earningsCents: number,
  lastPaidMonth: string | null,
): AffiliatePayoutStatus {
  if (earningsCents === 0) return '—';
  return lastPaidMonth !== null && month <= lastPaidMonth ? 'Sent' : 'In Progress';
}

/** The months from `first` to `last` (YYYY-MM, both included), oldest first. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (let index = affiliateMonthIndex(first); index <= affiliateMonthIndex(last); index++) {
    months.push(monthAtIndex(index));
  }
  return months;
}

/** Whether a sale counts toward earnings at all (the 2019-01-25 boundary is inclusive). */
export function saleCountsForEarnings(sale: Pick<AffiliateSaleFigures, 'soldAt'>): boolean {
  return Date.parse(sale.soldAt) >= AFFILIATE_EARNINGS_START;
}

const usdOf = (sale: AffiliateSaleFigures) => sale.usdCents ?? sale.amountCents;

/** The exact earning of one sale, before any monthly reduction; a refund scales it in the sale's own currency. */
function saleEarning(sale: AffiliateSaleFigures, cut: AffiliateCut): Exact {
  if (sale.fullyRefunded) return new Fraction(0);
  const a = sale.amountCents;
  const usd = usdOf(sale);
  const base =
    cut.cutFlat !== null
      ? new Fraction(cut.cutFlat)
      : new Fraction(usd)
          .sub(processingFee(usd))
          .mul(new Fraction(cut.cutPerc ?? 0))
          .div(100);
  if (sale.refundedCents <= 0 || a <= 0) return base;
  if (sale.refundedCents >= a) return new Fraction(0);
  return base.mul(a - sale.refundedCents).div(a);
}

/** The cents one sale earns on its own (the daily tracking's `cut`), half up; 0 before 2019-01-25. */
export function affiliateSaleCutCents(sales: readonly AffiliateSaleFigures[], cut: AffiliateCut): number {
  return roundHalfUp(
    sales
      .filter(saleCountsForEarnings)
      .reduce((sum, sale) => sum.add(saleEarning(sale, cut)), new Fraction(0)),
  );
}

/**
 * The monthly earnings of one affiliate: every month from the first counted sale to `currentMonth`
 * (oldest first), each with its figures and payout status. A month at or before `lastPaidMonth` is
 * 'Sent', a later one with earnings 'In Progress'; a month whose earnings round to 0 cents is '—'.
 */
export function affiliateMonthlyEarnings(input: {
  sales: readonly AffiliateSaleFigures[];
  cut: AffiliateCut;
  lastPaidMonth: string | null;
  currentMonth: string;
}): AffiliateMonth[] {
  const byMonth = new Map<number, AffiliateSaleFigures[]>();
  for (const sale of input.sales) {
    if (!saleCountsForEarnings(sale)) continue;
    const index = affiliateMonthIndex(monthOf(sale.soldAt));
    byMonth.set(index, [...(byMonth.get(index) ?? []), sale]);
  }
  if (byMonth.size === 0) return [];
  const first = Math.min(...byMonth.keys());
  const last = Math.max(affiliateMonthIndex(input.currentMonth), ...byMonth.keys());
  const months: AffiliateMonth[] = [];
  for (let index = first; index <= last; index++) {
    const sales = byMonth.get(index) ?? [];
    const gross = sales.reduce((sum, sale) => sum.add(saleEarning(sale, input.cut)), new Fraction(0));
    const fees = sales.reduce((sum, sale) => sum.add(processingFee(usdOf(sale))), new Fraction(0));
    let earningsCents = 0;
    let reductionCents = 0;
    const grossCents = roundHalfUp(gross);
    if (gross.compare(0) > 0) {
      const twoPercent = gross.mul(LATE_REDUCTION_RATE);
      const reduction =
        index > LAST_EARLY_MONTH_INDEX
          ? twoPercent.compare(LATE_REDUCTION_CAP_CENTS) < 0
            ? twoPercent
            : LATE_REDUCTION_CAP_CENTS
          : EARLY_REDUCTION_CENTS;
      const net = gross.sub(reduction);
      earningsCents = net.compare(0) > 0 ? roundHalfUp(net) : 0;
      reductionCents = grossCents - earningsCents;
    }
    const month = monthAtIndex(index);
    months.push({
      month,
      monthIndex: index,
      sales: sales.length,
      grossCents,
      feeCents: roundHalfUp(fees),
      reductionCents,
      earningsCents,
      status: affiliatePayoutStatus(month, earningsCents, input.lastPaidMonth),
    });
  }
  return months;
}
