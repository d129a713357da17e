-- Up Migration

-- Where each projection stands in the global order, moved in the same transaction as its
-- read-model writes (compare-and-set on the old pair).
CREATE TABLE projection_checkpoints (
  name text PRIMARY KEY,
  transaction_id xid8 NOT NULL DEFAULT '0',
  position bigint NOT NULL DEFAULT 0,
  state text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'rebuilding')),
  events_processed bigint NOT NULL DEFAULT 0,
  -- Set while rebuilding: the head at the start and how many events lead up to it.
  rebuild_target_transaction_id xid8,
  rebuild_target_position bigint,
  rebuild_total bigint,
  rebuild_done bigint NOT NULL DEFAULT 0,
  rebuild_started_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- Down Migration
DROP TABLE projection_checkpoints;
