import { defineProjection } from '../../runtime/projection';

const utcDay = (iso: string) => iso.slice(0, 10);

/**
 * An affiliate's day by day: link clicks and promo-code applications per code and UTC day, the
 * attributed sales with their refunds (a day's cut is worked out from them when asked, with the
 * contracts' rule), and each affiliate's codes and cut. Counts are added per batch in one statement;
 * sales are kept once, refunds keep the highest running total.
 */
export const affiliateTrackingProjection = defineProjection({
  name: 'affiliate-tracking',
  eventTypes: [
    'AffiliateEnrolled',
    'AffiliateLinkClicked',
    'PromoCodeRedeemed',
    'AffiliateSaleRecorded',
    'AffiliateSaleRefunded',
  ],
  tables: ['rm_affiliate_tracking_accounts', 'rm_affiliate_tracking_codes', 'rm_affiliate_tracking_sales'],
  async apply(events, tx) {
    const accounts = [];
    const counts = new Map<
      string,
      { code: string; day: string; clicks: number; promocode_applications: number }
    >();
    const count = (code: string, day: string, field: 'clicks' | 'promocode_applications') => {
      const key = `${code}|${day}`;
      const row = counts.get(key) ?? { code, day, clicks: 0, promocode_applications: 0 };
      row[field] += 1;
      counts.set(key, row);
    };
    const sales = [];
    const refunds = [];
    for (const event of events) {
      switch (event.type) {
        case 'AffiliateEnrolled':
          accounts.push({
            affiliate_id: event.data.affiliateId,
            email: event.data.email,
            alias: event.data.alias,
            promocode: event.data.promocode,
            cut_flat: event.data.cutFlat,
            cut_perc: event.data.cutPerc,
          });
          break;
        case 'AffiliateLinkClicked':
          count(event.data.affiliateCode.toLowerCase(), utcDay(event.metadata.occurredAt), 'clicks');
          break;
        case 'PromoCodeRedeemed':
          count(event.data.code.toLowerCase(), utcDay(event.metadata.occurredAt), 'promocode_applications');
          break;
        case 'AffiliateSaleRecorded':
          sales.push({
            purchase_id: event.data.purchaseId,
            affiliate_id: event.data.affiliateId,
            day: utcDay(new Date(event.data.soldAt).toISOString()),
            sold_at: event.data.soldAt,
            products: event.data.products,
            amount: event.data.amount,
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
      }
    }
    if (accounts.length > 0) {
      await tx.query(
        `INSERT INTO rm_affiliate_tracking_accounts
           SELECT * FROM jsonb_populate_recordset(NULL::rm_affiliate_tracking_accounts, $1::jsonb)
           ON CONFLICT (affiliate_id) DO NOTHING`,
        [JSON.stringify(accounts)],
      );
    }
    if (counts.size > 0) {
      await tx.query(
        `INSERT INTO rm_affiliate_tracking_codes AS t (code, day, clicks, promocode_applications)
           SELECT code, day, clicks, promocode_applications
             FROM jsonb_to_recordset($1::jsonb) AS x(code text, day date, clicks integer, promocode_applications integer)
           ON CONFLICT (code, day) DO UPDATE
             SET clicks = t.clicks + excluded.clicks,
                 promocode_applications = t.promocode_applications + excluded.promocode_applications`,
        [JSON.stringify([...counts.values()])],
      );
    }
    if (sales.length > 0) {
      await tx.query(
        `INSERT INTO rm_affiliate_tracking_sales
           SELECT * FROM jsonb_populate_recordset(NULL::rm_affiliate_tracking_sales, $1::jsonb)
           ON CONFLICT (purchase_id) DO NOTHING`,
        [JSON.stringify(sales)],
      );
    }
    if (refunds.length > 0) {
      await tx.query(
        `UPDATE rm_affiliate_tracking_sales s
            SET amount_refunded = greatest(s.amount_refunded, r.amount_refunded),
                fully_refunded = s.fully_refunded OR r.fully_refunded
           FROM (SELECT purchase_id, max(amount_refunded) AS amount_refunded, bool_or(fully_refunded) AS fully_refunded
                   FROM jsonb_to_recordset($1::jsonb) AS x(purchase_id text, amount_refunded bigint, fully_refunded boolean)
                  GROUP BY purchase_id) r
          WHERE s.purchase_id = r.purchase_id`,
        [JSON.stringify(refunds)],
      );
    }
  },
});
