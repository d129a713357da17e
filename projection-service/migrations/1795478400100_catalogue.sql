-- Up Migration

-- The catalogue of coding questions: the latest published version of each, as QuestionPublished
-- events give it. `uid` is the event id of version 1 and (first_xid, first_pos) its place in the
-- global order (the question's number counts in that order), so both stay the same across versions,
-- rebuilds and the order in which Kafka partitions deliver.
CREATE TABLE rm_catalogue_questions (
  product text NOT NULL,
  question_id text NOT NULL,
  uid uuid NOT NULL,
  first_xid bigint NOT NULL,
  first_pos bigint NOT NULL,
  version integer NOT NULL,
  name text NOT NULL,
  category text NOT NULL,
  difficulty smallint NOT NULL,
  free boolean NOT NULL,
  detail jsonb NOT NULL,
  first_published_at timestamptz NOT NULL,
  published_at timestamptz NOT NULL,
  PRIMARY KEY (product, question_id)
);
CREATE INDEX rm_catalogue_questions_name ON rm_catalogue_questions (product, lower(name));

-- Every version ever published, for staff (what a learner was judged against, and when).
CREATE TABLE rm_catalogue_question_versions (
  product text NOT NULL,
  question_id text NOT NULL,
  version integer NOT NULL,
  content_sha256 text NOT NULL,
  tests_sha256 text NOT NULL,
  tests_count integer NOT NULL,
  hidden_tests integer NOT NULL,
  published_at timestamptz NOT NULL,
  published_by jsonb NOT NULL,
  PRIMARY KEY (product, question_id, version)
);

-- Lessons (data structures, interview tips, behavioral): the latest version of each.
CREATE TABLE rm_catalogue_lessons (
  product text NOT NULL,
  kind text NOT NULL,
  lesson_id text NOT NULL,
  version integer NOT NULL,
  title text NOT NULL,
  summary text NOT NULL,
  position integer NOT NULL,
  minutes integer NOT NULL,
  free boolean NOT NULL,
  body text NOT NULL,
  published_at timestamptz NOT NULL,
  PRIMARY KEY (product, kind, lesson_id)
);

-- Down Migration
DROP TABLE rm_catalogue_lessons;
DROP TABLE rm_catalogue_question_versions;
DROP TABLE rm_catalogue_questions;
