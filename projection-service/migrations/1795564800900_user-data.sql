-- Up Migration

-- Each learner's saved data per product (user-data/get): every UserDataSet of the learner's stream
-- merged in order with applyUserDataSet (contracts), the time of the last one. Queries read only the
-- top-level keys a fetch map asks for.
CREATE TABLE rm_user_data (
  user_id uuid NOT NULL,
  product text NOT NULL,
  document jsonb NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, product)
);

-- Learners whose account was wiped, by id only: a set that reaches the read model after the wipe
-- (Kafka orders events per stream; the wipe is in the user's stream, the sets in their own) is dropped.
CREATE TABLE rm_user_data_wiped_users (
  user_id uuid PRIMARY KEY
);

-- Down Migration
DROP TABLE rm_user_data_wiped_users;
DROP TABLE rm_user_data;
