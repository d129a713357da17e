import type { Pool, PoolClient } from 'pg';
import type { AffiliateCut, AffiliateSaleFigures } from '@app/contracts';

/*
 * SQL on the affiliates' own tables (migrations/1796083200000_affiliates.sql). Every function takes
 * the client of the caller's transaction, so the rows change together with the events they follow.
 */

type Queryable = Pool | PoolClient;

/** An affiliate as attribution and payouts need it. */
export type AffiliateRecord = AffiliateCut & {
  affiliateId: string;
  alias: string;
  promocode: string;
  expired: boolean;
};

type AccountRow = {
  affiliate_id: string;
  alias: string;
  promocode: string;
  cut_flat: number | null;
  cut_perc: string | null;
  expired: boolean;
};

const toRecord = (row: AccountRow): AffiliateRecord => ({
  affiliateId: row.affiliate_id,
  alias: row.alias,
  promocode: row.promocode,
  cutFlat: row.cut_flat,
  cutPerc: row.cut_perc === null ? null : Number(row.cut_perc),
  expired: row.expired,
});

/** Which of the alias and the promo code another affiliate holds already (regardless of case). */
export async function takenCodes(
  db: Queryable,
  alias: string,
  promocode: string,
): Promise<{ aliasTaken: boolean; promocodeTaken: boolean }> {
  const { rows } = await db.query<{ alias_taken: boolean; promocode_taken: boolean }>(
    `SELECT bool_or(lower(alias) = lower($1)) AS alias_taken, bool_or(upper(promocode) = upper($2)) AS promocode_taken
       FROM affiliate_accounts WHERE lower(alias) = lower($1) OR upper(promocode) = upper($2)`,
    [alias, promocode],
  );
  return { aliasTaken: rows[0]?.alias_taken ?? false, promocodeTaken: rows[0]?.promocode_taken ?? false };
}

/** Records a new affiliate; false when a concurrent enrolment took the alias or promo code first. */
export async function insertAffiliate(
  db: Queryable,
  affiliate: Omit<AffiliateRecord, 'expired'>,
): Promise<boolean> {
  const result = await db.query(
    `INSERT INTO affiliate_accounts (affiliate_id, alias, promocode, cut_flat, cut_perc)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
    [affiliate.affiliateId, affiliate.alias, affiliate.promocode, affiliate.cutFlat, affiliate.cutPerc],
  );
  return result.rowCount === 1;
}

export async function markAffiliateExpired(db: Queryable, affiliateId: string): Promise<void> {
  await db.query('UPDATE affiliate_accounts SET expired = true WHERE affiliate_id = $1', [affiliateId]);
}

/** The affiliate a checkout's code names: an alias first, else a promo code (regardless of case). */
export async function affiliateOfCode(db: Queryable, code: string): Promise<AffiliateRecord | null> {
  const { rows } = await db.query<AccountRow>(
    `SELECT * FROM affiliate_accounts WHERE lower(alias) = lower($1) OR upper(promocode) = upper($1)
       ORDER BY (lower(alias) = lower($1)) DESC LIMIT 1`,
    [code],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/** The affiliate whose own promo code this is. */
export async function affiliateOfPromocode(db: Queryable, code: string): Promise<AffiliateRecord | null> {
  const { rows } = await db.query<AccountRow>(
    'SELECT * FROM affiliate_accounts WHERE upper(promocode) = upper($1)',
    [code],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function affiliateById(db: Queryable, affiliateId: string): Promise<AffiliateRecord | null> {
  const { rows } = await db.query<AccountRow>('SELECT * FROM affiliate_accounts WHERE affiliate_id = $1', [
    affiliateId,
  ]);
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function allAffiliates(db: Queryable): Promise<AffiliateRecord[]> {
  const { rows } = await db.query<AccountRow>('SELECT * FROM affiliate_accounts ORDER BY created_at');
  return rows.map(toRecord);
}

/** Records an attributed sale; false when the purchase was attributed already (a redelivery). */
export async function recordAffiliateSale(
  db: Queryable,
  sale: { purchaseId: string; affiliateId: string; amount: number; usdAmount: number; soldAt: string },
): Promise<boolean> {
  const result = await db.query(
    `INSERT INTO affiliate_sales (purchase_id, affiliate_id, amount, usd_amount, sold_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING`,
    [sale.purchaseId, sale.affiliateId, sale.amount, sale.usdAmount, sale.soldAt],
  );
  return result.rowCount === 1;
}

/** The affiliate a purchase was attributed to, if any, with the refund recorded so far. */
export async function affiliateSaleOfPurchase(
  db: Queryable,
  purchaseId: string,
): Promise<{ affiliateId: string; amountRefunded: number; fullyRefunded: boolean } | null> {
  const { rows } = await db.query<{ affiliate_id: string; amount_refunded: string; fully_refunded: boolean }>(
    'SELECT affiliate_id, amount_refunded, fully_refunded FROM affiliate_sales WHERE purchase_id = $1 FOR UPDATE',
    [purchaseId],
  );
  const row = rows[0];
  return row
    ? {
        affiliateId: row.affiliate_id,
        amountRefunded: Number(row.amount_refunded),
        fullyRefunded: row.fully_refunded,
      }
    : null;
}

export async function recordAffiliateRefund(
  db: Queryable,
  purchaseId: string,
  amountRefunded: number,
  full: boolean,
): Promise<void> {
  await db.query(
    'UPDATE affiliate_sales SET amount_refunded = $2, fully_refunded = fully_refunded OR $3 WHERE purchase_id = $1',
    [purchaseId, amountRefunded, full],
  );
}

/** The affiliate's sales in the figures the earnings rule reads. */
export async function affiliateSales(db: Queryable, affiliateId: string): Promise<AffiliateSaleFigures[]> {
  const { rows } = await db.query<{
    amount: string;
    usd_amount: string;
    amount_refunded: string;
    fully_refunded: boolean;
    sold_at: Date;
  }>(
    'SELECT amount, usd_amount, amount_refunded, fully_refunded, sold_at FROM affiliate_sales WHERE affiliate_id = $1',
    [affiliateId],
  );
  return rows.map((row) => ({
    amountCents: Number(row.amount),
    usdCents: Number(row.usd_amount),
    refundedCents: Number(row.amount_refunded),
    fullyRefunded: row.fully_refunded,
    soldAt: row.sold_at.toISOString(),
  }));
}
