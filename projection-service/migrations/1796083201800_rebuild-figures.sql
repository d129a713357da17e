-- Up Migration

-- When the last rebuild of each projection reached its target: with rebuild_started_at and rebuild_done,
-- the figures staff see beside the progress bar (events, time, events per second) outlive the rebuild.
ALTER TABLE projection_checkpoints ADD COLUMN rebuild_finished_at timestamptz;

-- Down Migration
ALTER TABLE projection_checkpoints DROP COLUMN rebuild_finished_at;
