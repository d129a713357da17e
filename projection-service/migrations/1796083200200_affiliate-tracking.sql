-- Up Migration

-- Affiliate daily tracking (issue 18). Clicks and promo-code applications are counted per code and
-- UTC day (a click may come before its affiliate is enrolled: the query joins the affiliate's alias
-- and promo code); sales per affiliate with their refunds, so a day's cut follows the refunds.
-- rm_affiliate_tracking_accounts: each affiliate's email, codes and cut.
CREATE TABLE rm_affiliate_tracking_accounts (
  affiliate_id uuid PRIMARY KEY,
  email text NOT NULL,
  alias text NOT NULL,
  promocode text NOT NULL,
  cut_flat integer,
  cut_perc numeric
);

CREATE TABLE rm_affiliate_tracking_codes (
  code text NOT NULL,
  day date NOT NULL,
  clicks integer NOT NULL DEFAULT 0,
  promocode_applications integer NOT NULL DEFAULT 0,
  PRIMARY KEY (code, day)
);

CREATE TABLE rm_affiliate_tracking_sales (
  purchase_id text PRIMARY KEY,
  affiliate_id uuid NOT NULL,
  day date NOT NULL,
  sold_at timestamptz NOT NULL,
  products text[] NOT NULL,
  amount bigint NOT NULL,
  amount_refunded bigint NOT NULL DEFAULT 0,
  fully_refunded boolean NOT NULL DEFAULT false
);
CREATE INDEX rm_affiliate_tracking_sales_day_idx ON rm_affiliate_tracking_sales (affiliate_id, day);

-- Down Migration
DROP TABLE rm_affiliate_tracking_sales;
DROP TABLE rm_affiliate_tracking_codes;
DROP TABLE rm_affiliate_tracking_accounts;
