-- Up Migration

-- The projection-service consuming from Kafka: per topic-partition, the next offset to read,
-- moved in the same transaction as the read-model writes of the batch before it.
CREATE TABLE projection_kafka_offsets (
  topic text NOT NULL,
  partition integer NOT NULL,
  next_offset bigint NOT NULL,
  events_applied bigint NOT NULL DEFAULT 0,
  duplicates_skipped bigint NOT NULL DEFAULT 0,
  -- The latest position applied from this partition (status only).
  latest_transaction_id xid8,
  latest_position bigint,
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (topic, partition)
);

-- Ids of the events already applied (the forwarder may publish an event again, at a new offset,
-- after a crash). Kept for the last offsets of each partition only (see the README).
CREATE TABLE projection_kafka_applied_events (
  event_id uuid PRIMARY KEY,
  topic text NOT NULL,
  partition integer NOT NULL,
  kafka_offset bigint NOT NULL
);
CREATE INDEX projection_kafka_applied_events_offset ON projection_kafka_applied_events (topic, partition, kafka_offset);

-- Down Migration
DROP TABLE projection_kafka_applied_events;
DROP TABLE projection_kafka_offsets;
