import type { AffiliateMonthRow, TrackingDay } from '@app/contracts';

/** The lookbacks offered, in days (the call takes 1 to 366). */
export const LOOKBACKS = [7, 30, 90, 366] as const;

export type ProductTotals = TrackingDay['sales'] & { amount: number; cut: number };

/** The lookback's sales per product column, what they came to and the affiliate's cut, in cents. */
export function productTotals(days: readonly TrackingDay[]): ProductTotals {
  const totals: ProductTotals = {
    algoexpert: 0,
    systemsexpert: 0,
    mlexpert: 0,
    bundle: 0,
    other: 0,
    amount: 0,
    cut: 0,
  };
  for (const day of days) {
    totals.algoexpert += day.sales.algoexpert;
    totals.systemsexpert += day.sales.systemsexpert;
    totals.mlexpert += day.sales.mlexpert;
    totals.bundle += day.sales.bundle;
    totals.other += day.sales.other;
    totals.amount += day.amount;
    totals.cut += day.cut;
  }
  return totals;
}

/** The chart's points: one per day, sales summed over the product columns. */
export function chartPoints(days: readonly TrackingDay[]) {
  return days.map((day) => ({
    day: day.day.slice(5),
    clicks: day.clicks,
    promocodes: day.promocodeApplications,
    sales: Object.values(day.sales).reduce((sum, n) => sum + n, 0),
  }));
}

const cents = (value: number) => (value / 100).toFixed(2);
const csvField = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The monthly table as CSV (amounts in currency units with 2 decimals), oldest month first. */
export function monthsCsv(months: readonly AffiliateMonthRow[]): string {
  const header = ['Month', 'Sales', 'Gross', 'Fees', 'Reduction', 'Earnings', 'Status'];
  const rows = months.map((m) => [
    m.month,
    String(m.sales),
    cents(m.grossCents),
    cents(m.feeCents),
    cents(m.reductionCents),
    cents(m.earningsCents),
    m.status,
  ]);
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\n') + '\n';
}
