-- Up Migration

-- Offerings read model (the three offerings calls). offerings_price_lists: every published price
-- list version (the calls price with the highest). offerings_promo_codes: each promo code's terms,
-- whether staff ended it and how often it was redeemed. offerings_buyers: when each account was first
-- seen (registered), for the exploding offer; a wipe deletes the row.
CREATE TABLE offerings_price_lists (
  version integer PRIMARY KEY,
  list jsonb NOT NULL,
  published_at timestamptz NOT NULL
);

CREATE TABLE offerings_promo_codes (
  code text PRIMARY KEY,
  percent_off integer,
  amount_off bigint,
  region text,
  expires_at timestamptz,
  use_limit integer,
  owner_user_id uuid,
  expired boolean NOT NULL,
  uses integer NOT NULL
);

CREATE TABLE offerings_buyers (
  user_id uuid PRIMARY KEY,
  first_seen_at timestamptz NOT NULL
);

-- Down Migration
DROP TABLE offerings_buyers;
DROP TABLE offerings_promo_codes;
DROP TABLE offerings_price_lists;
