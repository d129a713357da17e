-- Up Migration

-- The quizzes read model: each product's quiz questions (the latest version, with the right answer,
-- which the queries send only once the quiz is finished), and each learner's quiz as it stands.
CREATE TABLE rm_quiz_questions (
  product text NOT NULL,
  question_id text NOT NULL,
  version integer NOT NULL,
  position integer NOT NULL,
  question jsonb NOT NULL,
  PRIMARY KEY (product, question_id)
);

CREATE TABLE rm_quiz_attempts (
  user_id uuid NOT NULL,
  product text NOT NULL,
  quiz_id text NOT NULL,
  answers jsonb NOT NULL,
  score jsonb,
  finished_at timestamptz,
  -- The best percentage of every finished attempt (unlocks/get's quizScore).
  best_percent integer,
  PRIMARY KEY (user_id, product, quiz_id)
);

-- Down Migration
DROP TABLE rm_quiz_attempts;
DROP TABLE rm_quiz_questions;
