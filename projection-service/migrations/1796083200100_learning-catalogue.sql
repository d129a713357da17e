-- Up Migration

-- The learning products' quiz questions (QuizQuestionPublished): the latest version of each, the right
-- answer included (the quiz queries send it only once the learner has answered).
CREATE TABLE rm_catalogue_quiz_questions (
  product text NOT NULL,
  question_id text NOT NULL,
  version integer NOT NULL,
  position integer NOT NULL,
  topic text NOT NULL,
  kind text NOT NULL,
  question jsonb NOT NULL,
  published_at timestamptz NOT NULL,
  PRIMARY KEY (product, question_id)
);

-- Design questions (DesignQuestionPublished): the latest version of each.
CREATE TABLE rm_catalogue_design_questions (
  product text NOT NULL,
  question_id text NOT NULL,
  version integer NOT NULL,
  position integer NOT NULL,
  name text NOT NULL,
  difficulty text NOT NULL,
  category text NOT NULL,
  free boolean NOT NULL,
  hints jsonb NOT NULL,
  prompt text NOT NULL,
  walkthrough text NOT NULL,
  published_at timestamptz NOT NULL,
  PRIMARY KEY (product, question_id)
);

-- Down Migration
DROP TABLE rm_catalogue_design_questions;
DROP TABLE rm_catalogue_quiz_questions;
