-- Up Migration

-- Billing read models, fed by the webhook's events on each buyer's user stream (so a wipe and a
-- purchase keep their order on every feed). rm_subscriptions: one row per user and product ever
-- subscribed, 'active' or 'refunded' (subscriptions/get). rm_charges: one row per paid checkout
-- (charges/get, and the analysts' revenue queries). A wipe deletes the user's rows.
CREATE TABLE rm_subscriptions (
  user_id uuid NOT NULL,
  product text NOT NULL,
  status text NOT NULL,
  purchase_id text NOT NULL,
  changed_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, product)
);

CREATE TABLE rm_charges (
  charge_id text PRIMARY KEY,
  purchase_id text NOT NULL UNIQUE,
  user_id uuid NOT NULL,
  products text[] NOT NULL,
  amount bigint NOT NULL,
  currency text NOT NULL,
  amount_refunded bigint NOT NULL DEFAULT 0,
  affiliate_code text,
  promo_code text,
  paid_at timestamptz NOT NULL
);
CREATE INDEX rm_charges_user_idx ON rm_charges (user_id, paid_at DESC);
CREATE INDEX rm_charges_paid_at_idx ON rm_charges (paid_at);

-- Down Migration
DROP TABLE rm_charges;
DROP TABLE rm_subscriptions;
