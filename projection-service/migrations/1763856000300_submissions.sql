-- Up Migration

-- Each learner's latest submission per question (submissions/list), and every submission's outcome
-- counted per question for analysts.
CREATE TABLE rm_latest_submissions (
  user_id uuid NOT NULL,
  product text NOT NULL,
  question_id text NOT NULL,
  language text NOT NULL,
  status text NOT NULL,
  tests_passed integer NOT NULL,
  tests_total integer NOT NULL,
  submitted_at timestamptz NOT NULL,
  submissions integer NOT NULL,
  PRIMARY KEY (user_id, product, question_id)
);

-- Down Migration
DROP TABLE rm_latest_submissions;
