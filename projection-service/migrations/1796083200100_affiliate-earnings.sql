-- Up Migration

-- Affiliate earnings (issue 18), fed by each affiliate's stream. rm_affiliates: the accounts (the
-- signed-in user is the affiliate whose email is theirs); rm_affiliate_sales: the attributed sales
-- with their refunds; rm_affiliate_months: the monthly earnings by the contracts' rule, from the first
-- counted sale to the last sale's month (the query adds the months since and the status);
-- rm_affiliate_payouts: the months paid; rm_affiliate_partners: the partners' groups of codes.
CREATE TABLE rm_affiliates (
  affiliate_id uuid PRIMARY KEY,
  alias text NOT NULL,
  email text NOT NULL,
  cut_flat integer,
  cut_perc numeric,
  promocode text NOT NULL,
  expired boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL
);
CREATE INDEX rm_affiliates_email_idx ON rm_affiliates (lower(email));

CREATE TABLE rm_affiliate_sales (
  purchase_id text PRIMARY KEY,
  affiliate_id uuid NOT NULL,
  amount bigint NOT NULL,
  currency text NOT NULL,
  products text[] NOT NULL,
  sold_at timestamptz NOT NULL,
  amount_refunded bigint NOT NULL DEFAULT 0,
  fully_refunded boolean NOT NULL DEFAULT false
);
CREATE INDEX rm_affiliate_sales_affiliate_idx ON rm_affiliate_sales (affiliate_id, sold_at);

CREATE TABLE rm_affiliate_months (
  affiliate_id uuid NOT NULL,
  month text NOT NULL,
  month_index integer NOT NULL,
  sales integer NOT NULL,
  gross_cents bigint NOT NULL,
  fee_cents bigint NOT NULL,
  reduction_cents bigint NOT NULL,
  earnings_cents bigint NOT NULL,
  PRIMARY KEY (affiliate_id, month)
);

CREATE TABLE rm_affiliate_payouts (
  affiliate_id uuid NOT NULL,
  month text NOT NULL,
  amount bigint NOT NULL,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (affiliate_id, month)
);

-- A partner (the account signing in with `email`) and the affiliates it owns: the latest group wins.
CREATE TABLE rm_affiliate_partners (
  email text PRIMARY KEY,
  partner_id uuid NOT NULL,
  affiliate_ids uuid[] NOT NULL
);

-- Down Migration
DROP TABLE rm_affiliate_partners;
DROP TABLE rm_affiliate_payouts;
DROP TABLE rm_affiliate_months;
DROP TABLE rm_affiliate_sales;
DROP TABLE rm_affiliates;
