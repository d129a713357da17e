-- Up Migration

-- Read-model snapshots (issue 20): one read model rebuilt as of a position into a schema of its own
-- (rm_snapshot_<id>), with its progress (done of total events up to the position), queried by staff,
-- then dropped. The runtime's own table, like the checkpoints: no projection writes it.
CREATE TABLE projection_snapshots (
  snapshot_id uuid PRIMARY KEY,
  projection text NOT NULL,
  schema_name text NOT NULL UNIQUE,
  target_transaction_id xid8 NOT NULL,
  target_position bigint NOT NULL,
  state text NOT NULL CHECK (state IN ('building', 'ready', 'failed', 'dropped')),
  total bigint NOT NULL,
  done bigint NOT NULL DEFAULT 0,
  requested_by uuid,
  started_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- Moved by every step of the build: a building snapshot whose builder stopped shows by its age.
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  finished_at timestamptz,
  error text
);

-- Down Migration
DROP TABLE projection_snapshots;
