-- Up Migration

-- Affiliates earn in dollars (issue 18): each attributed sale keeps its value in US cents, converted at
-- attribution with the price list's rate; the payout job works a month out from it. Rows written
-- before this kept no currency here: they take their amount as it was (the earlier behaviour).
ALTER TABLE affiliate_sales ADD COLUMN usd_amount bigint;
UPDATE affiliate_sales SET usd_amount = amount;
ALTER TABLE affiliate_sales ALTER COLUMN usd_amount SET NOT NULL;

-- Down Migration
ALTER TABLE affiliate_sales DROP COLUMN usd_amount;
