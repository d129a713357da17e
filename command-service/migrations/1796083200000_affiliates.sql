-- Up Migration

-- The command side's view of affiliates (issue 18), written in the transaction that appends the
-- events they follow. affiliate_accounts: the unique alias and promo code (the indexes decide
-- concurrent enrolments) and what attribution needs to find an affiliate by a checkout's code.
-- affiliate_sales: which affiliate a purchase was attributed to (a refund finds it here) and the
-- figures the payout job computes a month's earnings from.
CREATE TABLE affiliate_accounts (
  affiliate_id uuid PRIMARY KEY,
  alias text NOT NULL,
  promocode text NOT NULL,
  cut_flat integer,
  cut_perc numeric,
  expired boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX affiliate_accounts_alias_key ON affiliate_accounts (lower(alias));
CREATE UNIQUE INDEX affiliate_accounts_promocode_key ON affiliate_accounts (upper(promocode));

CREATE TABLE affiliate_sales (
  purchase_id text PRIMARY KEY,
  affiliate_id uuid NOT NULL REFERENCES affiliate_accounts,
  amount bigint NOT NULL,
  amount_refunded bigint NOT NULL DEFAULT 0,
  fully_refunded boolean NOT NULL DEFAULT false,
  sold_at timestamptz NOT NULL
);
CREATE INDEX affiliate_sales_affiliate_idx ON affiliate_sales (affiliate_id, sold_at);

-- Down Migration
DROP TABLE affiliate_sales;
DROP TABLE affiliate_accounts;
