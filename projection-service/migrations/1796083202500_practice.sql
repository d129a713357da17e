-- Up Migration

-- The lessons' practice questions (PracticeQuestionPublished, latest version of each), for lessons/get
-- and the unlock counts; the right answers stay here (the queries send prompts and choices only).
CREATE TABLE rm_practice_questions (
  product text NOT NULL,
  question_id text NOT NULL,
  version integer NOT NULL,
  course text NOT NULL,
  lesson_id text NOT NULL,
  position integer NOT NULL,
  question jsonb NOT NULL,
  published_at timestamptz NOT NULL,
  PRIMARY KEY (product, question_id)
);
CREATE INDEX rm_practice_questions_lesson ON rm_practice_questions (product, course, lesson_id, position);

-- Each question a learner has answered right at least once (ChoiceQuestionAnswered, correct), and when
-- first: quiz questions practised one at a time and practice questions alike; the unlock counts keep
-- the practice questions.
CREATE TABLE rm_practice_correct (
  user_id uuid NOT NULL,
  product text NOT NULL,
  question_id text NOT NULL,
  first_correct_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, product, question_id)
);

-- Down Migration
DROP TABLE rm_practice_correct;
DROP TABLE rm_practice_questions;
