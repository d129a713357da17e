-- Up Migration

-- The days with a CORRECT submission moved to the unlock-progress read model (rm_unlock_progress_days),
-- which the unlock and streak calls read; nothing reads these rows any more.
DROP TABLE rm_submission_days;

-- Down Migration
CREATE TABLE rm_submission_days (
  user_id uuid NOT NULL,
  product text NOT NULL,
  day date NOT NULL,
  PRIMARY KEY (user_id, product, day)
);
