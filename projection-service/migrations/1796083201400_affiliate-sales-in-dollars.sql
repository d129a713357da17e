-- Up Migration

-- Affiliate sales in dollars (issue 18): AffiliateSaleRecorded v2 carries the sale's value in US
-- cents, on which earnings are worked out. Rows written before it get the value the v1 upcaster gives
-- (the legacy rates of contracts' LEGACY_USD_RATES); a rebuild writes the same.
ALTER TABLE rm_affiliate_sales ADD COLUMN usd_amount bigint;
UPDATE rm_affiliate_sales
   SET usd_amount = CASE currency
                      WHEN 'usd' THEN amount
                      WHEN 'eur' THEN floor(amount * 1.16 + 0.5)::bigint
                      WHEN 'inr' THEN floor(amount * 0.0113 + 0.5)::bigint
                      ELSE amount
                    END;
ALTER TABLE rm_affiliate_sales ALTER COLUMN usd_amount SET NOT NULL;

ALTER TABLE rm_affiliate_tracking_sales ADD COLUMN usd_amount bigint;
UPDATE rm_affiliate_tracking_sales t SET usd_amount = coalesce(
  (SELECT s.usd_amount FROM rm_affiliate_sales s WHERE s.purchase_id = t.purchase_id), t.amount);
ALTER TABLE rm_affiliate_tracking_sales ALTER COLUMN usd_amount SET NOT NULL;

-- Down Migration
ALTER TABLE rm_affiliate_tracking_sales DROP COLUMN usd_amount;
ALTER TABLE rm_affiliate_sales DROP COLUMN usd_amount;
