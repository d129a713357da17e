-- Up Migration

-- Which holder's licence stream a key code belongs to: a learner redeems by code alone. Written in the
-- transaction that appends LicenceKeyCreated; the primary key keeps codes unique across holders.
CREATE TABLE licence_key_codes (
  code text PRIMARY KEY,
  holder_id uuid NOT NULL
);

-- Down Migration
DROP TABLE licence_key_codes;
