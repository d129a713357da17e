-- Up Migration

-- The audit index of accounts (staff history, causation chains, time travel): one row per event and
-- account it concerns (its data's userId and *UserId fields, and the user or staff member who acted),
-- a copy of the event as read (data brought up to today's version), in the global order
-- (transaction_id, position). After AccountWiped the account's rows keep only the ids of their data.
-- Events that concern no account and were not an anonymous visitor's (content, price lists,
-- announcements) are the platform's, under the nil uuid: time travel replays them with an account's.
CREATE TABLE rm_account_history (
  user_id uuid NOT NULL,
  transaction_id bigint NOT NULL,
  position bigint NOT NULL,
  event_id uuid NOT NULL,
  stream_id text NOT NULL,
  revision bigint NOT NULL,
  type text NOT NULL,
  schema_version integer NOT NULL,
  data_version integer NOT NULL,
  occurred_at timestamptz NOT NULL,
  actor jsonb NOT NULL,
  correlation_id text NOT NULL,
  causation_id text NOT NULL,
  data jsonb NOT NULL,
  PRIMARY KEY (user_id, transaction_id, position)
);
-- An event's copies (causation: what an event id caused, which events a request made).
CREATE INDEX rm_account_history_event ON rm_account_history (event_id);
CREATE INDEX rm_account_history_causation ON rm_account_history (causation_id);
CREATE INDEX rm_account_history_correlation ON rm_account_history (correlation_id);
-- Time travel refuses a wiped account at once.
CREATE INDEX rm_account_history_wiped ON rm_account_history (user_id) WHERE type = 'AccountWiped';

-- Down Migration
DROP TABLE rm_account_history;
