-- Up Migration

-- What a receipt lists beyond the amount paid, from the checkout the platform started for the charge
-- (CheckoutStarted): the offering, the price list version, the list price and each discount by name.
-- NULL for a charge whose checkout said none (or one paid before this table had them: a rebuild of
-- the billing projection fills those from the events). Started checkouts wait in rm_charge_checkouts
-- until paid; a paid one moves onto its charge.
ALTER TABLE rm_charges
  ADD COLUMN offering text,
  ADD COLUMN price_version integer,
  ADD COLUMN list_price bigint,
  ADD COLUMN discounts jsonb;

CREATE TABLE rm_charge_checkouts (
  purchase_id text PRIMARY KEY,
  user_id uuid NOT NULL,
  offering text NOT NULL,
  price_version integer NOT NULL,
  list_price bigint,
  discounts jsonb
);
CREATE INDEX rm_charge_checkouts_user_idx ON rm_charge_checkouts (user_id);

-- Down Migration
DROP TABLE rm_charge_checkouts;
ALTER TABLE rm_charges DROP COLUMN discounts, DROP COLUMN list_price, DROP COLUMN price_version, DROP COLUMN offering;
