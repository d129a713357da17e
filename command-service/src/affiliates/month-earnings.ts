import { affiliateMonthlyEarnings, monthOf } from '@app/contracts';
import { type AffiliateRecord, affiliateSales } from './affiliates.repository';

type Queryable = Parameters<typeof affiliateSales>[0];

/** One month's earnings (cents) of an affiliate, by the contracts' rule over its recorded sales. */
export async function monthEarnings(
  db: Queryable,
  affiliate: AffiliateRecord,
  month: string,
  now: Date,
): Promise<number> {
  const months = affiliateMonthlyEarnings({
    sales: await affiliateSales(db, affiliate.affiliateId),
    cut: affiliate,
    lastPaidMonth: null,
    currentMonth: monthOf(now),
  });
  return months.find((m) => m.month === month)?.earningsCents ?? 0;
}
