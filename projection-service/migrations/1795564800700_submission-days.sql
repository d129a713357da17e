-- Up Migration

-- The UTC days on which each learner had at least one CORRECT submission per product: the daily
-- streak of unlocks/get is computed from them (contracts' dailyStreak). Part of the submissions read
-- model, so resets and wipes clear it with the rest.
CREATE TABLE rm_submission_days (
  user_id uuid NOT NULL,
  product text NOT NULL,
  day date NOT NULL,
  PRIMARY KEY (user_id, product, day)
);

-- Down Migration
DROP TABLE rm_submission_days;
