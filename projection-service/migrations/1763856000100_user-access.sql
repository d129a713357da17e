-- Up Migration

-- Who owns what: one row per account, fed by the identity events. No personal data.
CREATE TABLE rm_user_access (
  user_id uuid PRIMARY KEY,
  provider text NOT NULL,
  roles text[] NOT NULL,
  subscriptions text[] NOT NULL,
  products text[] NOT NULL,
  registered_at timestamptz NOT NULL,
  last_sign_in_at timestamptz,
  sign_in_count integer NOT NULL,
  screen_takeovers integer NOT NULL
);
CREATE INDEX rm_user_access_products_idx ON rm_user_access USING gin (products);

-- Down Migration
DROP TABLE rm_user_access;
