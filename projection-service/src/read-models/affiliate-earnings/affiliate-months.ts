import type { Pool } from 'pg';
import {
  type AffiliateMonthRow,
  affiliateMonthIndex,
  affiliatePayoutStatus,
  monthOf,
  monthsBetween,
} from '@app/contracts';

/** Every month from the first sale to the current one, oldest first, with its payout status. */
export async function affiliateMonths(
  pool: Pool,
  affiliateId: string,
  now: Date,
): Promise<AffiliateMonthRow[]> {
  const stored = await pool.query<{
    month: string;
    sales: number;
    gross_cents: string;
    fee_cents: string;
    reduction_cents: string;
    earnings_cents: string;
  }>('SELECT * FROM rm_affiliate_months WHERE affiliate_id = $1 ORDER BY month', [affiliateId]);
  if (stored.rows.length === 0) return [];
  const paid = await pool.query<{ month: string | null }>(
    'SELECT max(month) AS month FROM rm_affiliate_payouts WHERE affiliate_id = $1',
    [affiliateId],
  );
  const lastPaidMonth = paid.rows[0]?.month ?? null;
  const byMonth = new Map(stored.rows.map((row) => [row.month, row]));
  const first = stored.rows[0].month;
  const last = [stored.rows[stored.rows.length - 1].month, monthOf(now)].sort()[1];
  return monthsBetween(first, last).map((month) => {
    const row = byMonth.get(month);
    const earningsCents = row ? Number(row.earnings_cents) : 0;
    return {
      month,
      monthIndex: affiliateMonthIndex(month),
      sales: row?.sales ?? 0,
      grossCents: row ? Number(row.gross_cents) : 0,
      feeCents: row ? Number(row.fee_cents) : 0,
      reductionCents: row ? Number(row.reduction_cents) : 0,
      earningsCents,
      status: affiliatePayoutStatus(month, earningsCents, lastPaidMonth),
    };
  });
}
