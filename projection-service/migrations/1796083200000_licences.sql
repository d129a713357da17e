-- Up Migration

-- A team licence charge: the seats of each product it bought (NULL for a personal purchase). The
-- charges call lists these under licenseCharges; a rebuild of the billing projection fills them.
ALTER TABLE rm_charges ADD COLUMN licence_seats integer;

-- One licence holder's licence store, folded from their licence stream by the contracts' licence rule
-- (seats per product, live keys newest first with their redemptions, redemptions of deleted keys).
-- get_license_state and the licence reports read it; a learner's key code finds its holder here.
CREATE TABLE rm_licence_books (
  holder_id uuid PRIMARY KEY,
  book jsonb NOT NULL
);
CREATE TABLE rm_licence_key_holders (
  code text PRIMARY KEY,
  holder_id uuid NOT NULL
);

-- Products a learner owns through a redeemed licence key, until the licence year ends: the
-- subscriptions call lists them as active while that end is in the future (billing read model).
CREATE TABLE rm_licence_subscriptions (
  user_id uuid NOT NULL,
  product text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, product)
);

-- Down Migration
DROP TABLE rm_licence_subscriptions;
DROP TABLE rm_licence_key_holders;
DROP TABLE rm_licence_books;
ALTER TABLE rm_charges DROP COLUMN licence_seats;
