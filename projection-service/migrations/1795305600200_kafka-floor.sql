-- Up Migration

-- Per topic, a position every event up to which has been applied from Kafka (all partitions had
-- reached their ends as of after the forwarder passed it). Applied ids are forgotten only at or
-- below it, so the applied set is exactly: every event up to the floor, and the remembered ids.
CREATE TABLE projection_kafka_floor (
  topic text PRIMARY KEY,
  transaction_id xid8 NOT NULL,
  position bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- Down Migration
DROP TABLE projection_kafka_floor;
