-- Up Migration

-- The courses' assessment questions (AssessmentQuestionPublished, latest version of each), for
-- assessments/get and the unlock counts; part of the practice read model, whose rm_practice_correct
-- already holds each learner's first right answer of every question (assessment questions included).
-- The right answers stay here: the queries send them only for a question the learner answered right.
CREATE TABLE rm_course_assessment_questions (
  product text NOT NULL,
  question_id text NOT NULL,
  version integer NOT NULL,
  course text NOT NULL,
  position integer NOT NULL,
  question jsonb NOT NULL,
  published_at timestamptz NOT NULL,
  PRIMARY KEY (product, question_id)
);
CREATE INDEX rm_course_assessment_questions_course ON rm_course_assessment_questions (product, course, position);

-- Down Migration
DROP TABLE rm_course_assessment_questions;
