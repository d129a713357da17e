-- Up Migration

-- Where the forwarder (src/event-bus/forwarder.ts) is in the global read order, one row per topic it
-- publishes to. It moves only after the broker acknowledged every event up to it, so a crash resends
-- (at-least-once; consumers dedupe by event id) and never skips.
CREATE TABLE es_forwarder_checkpoints (
  topic text PRIMARY KEY,
  transaction_id xid8 NOT NULL DEFAULT '0',
  position bigint NOT NULL DEFAULT 0,
  events_forwarded bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- Down Migration
DROP TABLE es_forwarder_checkpoints;
