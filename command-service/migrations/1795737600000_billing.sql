-- Up Migration

-- The command side's record of fulfilled purchases, one row per paid checkout: the gate that makes
-- webhook delivery idempotent (a second delivery of the same checkout, even a concurrent one, meets
-- the primary key and appends nothing), the map from a refunded payment back to its purchase, and
-- what decides which subscriptions stay active after a refund. `position` is the consistency token
-- of the fulfilling append, answered again to duplicate deliveries.
CREATE TABLE billing_purchases (
  purchase_id text PRIMARY KEY,
  user_id uuid NOT NULL,
  charge_id text NOT NULL UNIQUE,
  products text[] NOT NULL,
  amount bigint NOT NULL,
  currency text NOT NULL,
  amount_refunded bigint NOT NULL DEFAULT 0,
  fully_refunded boolean NOT NULL DEFAULT false,
  position text NOT NULL,
  paid_at timestamptz NOT NULL
);
CREATE INDEX billing_purchases_user_idx ON billing_purchases (user_id);

-- Down Migration
DROP TABLE billing_purchases;
