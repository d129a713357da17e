-- Up Migration

-- Products a learner owns through a redeemed team-licence key, until the licence year ends. Written
-- by apply_license_key in the transaction that appends LicenceKeyApplied; authentication adds the
-- unexpired ones to the purchased subscriptions, so every unlock check sees them.
CREATE TABLE identity_licence_grants (
  user_id uuid NOT NULL,
  key_code text NOT NULL,
  product text NOT NULL,
  holder_id uuid NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, key_code, product)
);

-- Down Migration
DROP TABLE identity_licence_grants;
