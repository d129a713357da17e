import { affiliateMonthlyEarnings, monthOf } from '@app/contracts';
import { defineProjection } from '../../runtime/projection';

type SaleRow = {
  affiliate_id: string;
  amount: string;
  usd_amount: string;
  amount_refunded: string;
  fully_refunded: boolean;
  sold_at: Date;
};

/**
 * Affiliates, their sales and monthly earnings. Every statement is monotonic (a refund keeps the
 * highest running total, a sale or a payout is kept once), so a batch is written type by type, set
 * based; then the months of every affiliate the batch touched are worked out again with the contracts'
 * rule from all of its sales, so a redelivery or a back-dated sale lands on the same rows.
 */
export const affiliateEarningsProjection = defineProjection({
  name: 'affiliate-earnings',
  eventTypes: [
    'AffiliateEnrolled',
    'AffiliateExpired',
    'AffiliateSaleRecorded',
    'AffiliateSaleRefunded',
    'AffiliatePayoutSent',
    'PartnerGroupAssigned',
  ],
  tables: [
    'rm_affiliates',
    'rm_affiliate_sales',
    'rm_affiliate_months',
    'rm_affiliate_payouts',
    'rm_affiliate_partners',
  ],
  async apply(events, tx) {
    const enrolled = [];
    const expired: string[] = [];
    const sales = [];
    const refunds = [];
    const payouts = [];
    // The latest group per email, in the batch's order.
    const partners = new Map<string, { email: string; partner_id: string; affiliate_ids: string[] }>();
    for (const event of events) {
      switch (event.type) {
        case 'AffiliateEnrolled':
          enrolled.push({
            affiliate_id: event.data.affiliateId,
            alias: event.data.alias,
            email: event.data.email,
            cut_flat: event.data.cutFlat,
            cut_perc: event.data.cutPerc,
            promocode: event.data.promocode,
            expired: false,
            created_at: event.metadata.occurredAt,
          });
          break;
        case 'AffiliateExpired':
          expired.push(event.data.affiliateId);
          break;
        case 'AffiliateSaleRecorded':
          sales.push({
            purchase_id: event.data.purchaseId,
            affiliate_id: event.data.affiliateId,
            amount: event.data.amount,
            currency: event.data.currency,
            products: event.data.products,
            sold_at: event.data.soldAt,
            amount_refunded: 0,
            fully_refunded: false,
            usd_amount: event.data.usdAmount,
          });
          break;
        case 'AffiliateSaleRefunded':
          refunds.push({
            purchase_id: event.data.purchaseId,
            amount_refunded: event.data.amountRefunded,
            fully_refunded: event.data.full,
          });
          break;
        case 'AffiliatePayoutSent':
          payouts.push({
            affiliate_id: event.data.affiliateId,
            month: event.data.month,
            amount: event.data.amount,
            sent_at: event.data.sentAt,
          });
          break;
        case 'PartnerGroupAssigned':
          partners.set(event.data.email, {
            email: event.data.email,
            partner_id: event.data.partnerId,
            affiliate_ids: event.data.affiliateIds,
          });
          break;
      }
    }
    if (enrolled.length > 0) {
      await tx.query(
        `INSERT INTO rm_affiliates SELECT * FROM jsonb_populate_recordset(NULL::rm_affiliates, $1::jsonb)
           ON CONFLICT (affiliate_id) DO NOTHING`,
        [JSON.stringify(enrolled)],
      );
    }
    if (expired.length > 0) {
      await tx.query('UPDATE rm_affiliates SET expired = true WHERE affiliate_id = ANY($1::uuid[])', [
        expired,
      ]);
    }
    if (sales.length > 0) {
      await tx.query(
        `INSERT INTO rm_affiliate_sales SELECT * FROM jsonb_populate_recordset(NULL::rm_affiliate_sales, $1::jsonb)
           ON CONFLICT (purchase_id) DO NOTHING`,
        [JSON.stringify(sales)],
      );
    }
    if (refunds.length > 0) {
      await tx.query(
        `UPDATE rm_affiliate_sales s
            SET amount_refunded = greatest(s.amount_refunded, r.amount_refunded),
                fully_refunded = s.fully_refunded OR r.fully_refunded
           FROM (SELECT purchase_id, max(amount_refunded) AS amount_refunded, bool_or(fully_refunded) AS fully_refunded
                   FROM jsonb_to_recordset($1::jsonb) AS x(purchase_id text, amount_refunded bigint, fully_refunded boolean)
                  GROUP BY purchase_id) r
          WHERE s.purchase_id = r.purchase_id`,
        [JSON.stringify(refunds)],
      );
    }
    if (payouts.length > 0) {
      await tx.query(
        `INSERT INTO rm_affiliate_payouts SELECT * FROM jsonb_populate_recordset(NULL::rm_affiliate_payouts, $1::jsonb)
           ON CONFLICT (affiliate_id, month) DO NOTHING`,
        [JSON.stringify(payouts)],
      );
    }
    if (partners.size > 0) {
      await tx.query(
        `INSERT INTO rm_affiliate_partners
           SELECT * FROM jsonb_populate_recordset(NULL::rm_affiliate_partners, $1::jsonb)
           ON CONFLICT (email) DO UPDATE SET partner_id = excluded.partner_id, affiliate_ids = excluded.affiliate_ids`,
        [JSON.stringify([...partners.values()])],
      );
    }
    const touched = [
      ...new Set(
        events
          .filter((e) => e.type === 'AffiliateSaleRecorded' || e.type === 'AffiliateSaleRefunded')
          .map((e) => e.data.affiliateId),
      ),
    ];
    if (touched.length > 0) await recomputeMonths(tx, touched);
  },
});

type Tx = Parameters<typeof affiliateEarningsProjection.apply>[1];

/** The months of these affiliates from all their sales, by the contracts' rule. */
async function recomputeMonths(tx: Tx, affiliateIds: string[]): Promise<void> {
  const cuts = await tx.query<{ affiliate_id: string; cut_flat: number | null; cut_perc: string | null }>(
    'SELECT affiliate_id, cut_flat, cut_perc FROM rm_affiliates WHERE affiliate_id = ANY($1::uuid[])',
    [affiliateIds],
  );
  const sales = await tx.query<SaleRow>(
    `SELECT affiliate_id, amount, usd_amount, amount_refunded, fully_refunded, sold_at FROM rm_affiliate_sales
      WHERE affiliate_id = ANY($1::uuid[])`,
    [affiliateIds],
  );
  const rows = cuts.rows.flatMap((account) => {
    const own = sales.rows.filter((s) => s.affiliate_id === account.affiliate_id);
    if (own.length === 0) return [];
    const lastSale = own.reduce((latest, s) => (s.sold_at > latest ? s.sold_at : latest), own[0].sold_at);
    return affiliateMonthlyEarnings({
      sales: own.map((s) => ({
        amountCents: Number(s.amount),
        usdCents: Number(s.usd_amount),
        refundedCents: Number(s.amount_refunded),
        fullyRefunded: s.fully_refunded,
        soldAt: s.sold_at.toISOString(),
      })),
      cut: {
        cutFlat: account.cut_flat,
        cutPerc: account.cut_perc === null ? null : Number(account.cut_perc),
      },
      lastPaidMonth: null,
      currentMonth: monthOf(lastSale),
    }).map((m) => ({
      affiliate_id: account.affiliate_id,
      month: m.month,
      month_index: m.monthIndex,
      sales: m.sales,
      gross_cents: m.grossCents,
      fee_cents: m.feeCents,
      reduction_cents: m.reductionCents,
      earnings_cents: m.earningsCents,
    }));
  });
  await tx.query('DELETE FROM rm_affiliate_months WHERE affiliate_id = ANY($1::uuid[])', [affiliateIds]);
  if (rows.length > 0) {
    await tx.query(
      'INSERT INTO rm_affiliate_months SELECT * FROM jsonb_populate_recordset(NULL::rm_affiliate_months, $1::jsonb)',
      [JSON.stringify(rows)],
    );
  }
}
