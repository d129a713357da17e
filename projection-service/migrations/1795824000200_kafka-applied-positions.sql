-- Up Migration

-- Each applied event keeps its place in the global order, so pruning compares it with the floor
-- without reading the event store. Rows applied before this migration get theirs from es_events once.
ALTER TABLE projection_kafka_applied_events ADD COLUMN transaction_id xid8, ADD COLUMN position bigint;
UPDATE projection_kafka_applied_events a SET transaction_id = e.transaction_id, position = e.position
  FROM es_events e WHERE e.event_id = a.event_id;

-- Down Migration
ALTER TABLE projection_kafka_applied_events DROP COLUMN transaction_id, DROP COLUMN position;
