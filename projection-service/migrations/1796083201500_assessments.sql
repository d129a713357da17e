-- Up Migration

-- The assessments read model: the algorithms questions one can be assessed on (the latest version of
-- each), and every learner's assessments, running or finished with how they ended.
CREATE TABLE rm_assessment_questions (
  question_id text PRIMARY KEY,
  version integer NOT NULL,
  name text NOT NULL,
  category text NOT NULL,
  difficulty integer NOT NULL
);

CREATE TABLE rm_assessments (
  assessment_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  question_id text NOT NULL,
  started_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  time_limit_seconds integer NOT NULL,
  finished_at timestamptz,
  -- submitted, abandoned or timedOut once finished; null while running (or out of time unseen).
  outcome text,
  result jsonb
);
CREATE INDEX rm_assessments_user ON rm_assessments (user_id, started_at DESC);

-- Down Migration
DROP TABLE rm_assessments;
DROP TABLE rm_assessment_questions;
