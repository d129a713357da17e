-- Up Migration

-- Unlock progress (unlocks/get) as a read model of its own, fed by QuestionPublished, CodeSubmitted,
-- SubmissionsReset and AccountWiped: the published questions per product, each learner's latest
-- outcome per question, the completed count per learner and product, and the UTC days with a
-- CORRECT submission (the daily streak).
CREATE TABLE rm_unlock_progress_questions (
  product text NOT NULL,
  question_id text NOT NULL,
  PRIMARY KEY (product, question_id)
);
CREATE TABLE rm_unlock_progress_latest (
  user_id uuid NOT NULL,
  product text NOT NULL,
  question_id text NOT NULL,
  correct boolean NOT NULL,
  PRIMARY KEY (user_id, product, question_id)
);
CREATE INDEX rm_unlock_progress_latest_product ON rm_unlock_progress_latest (product, question_id);
CREATE TABLE rm_unlock_progress_wiped_users (user_id uuid PRIMARY KEY);
CREATE TABLE rm_unlock_progress (
  user_id uuid NOT NULL,
  product text NOT NULL,
  num_completed integer NOT NULL,
  PRIMARY KEY (user_id, product)
);
CREATE TABLE rm_unlock_progress_days (
  user_id uuid NOT NULL,
  product text NOT NULL,
  day date NOT NULL,
  PRIMARY KEY (user_id, product, day)
);

-- Certificate eligibility: a row for every learner who completed every published question of a
-- product (the contracts' unlock rule), from tables of its own fed by the same events.
CREATE TABLE rm_certificate_eligibility_questions (
  product text NOT NULL,
  question_id text NOT NULL,
  PRIMARY KEY (product, question_id)
);
CREATE TABLE rm_certificate_eligibility_latest (
  user_id uuid NOT NULL,
  product text NOT NULL,
  question_id text NOT NULL,
  correct boolean NOT NULL,
  PRIMARY KEY (user_id, product, question_id)
);
CREATE INDEX rm_certificate_eligibility_latest_product ON rm_certificate_eligibility_latest (product, question_id);
CREATE TABLE rm_certificate_eligibility_wiped_users (user_id uuid PRIMARY KEY);
CREATE TABLE rm_certificate_eligibility (
  user_id uuid NOT NULL,
  product text NOT NULL,
  PRIMARY KEY (user_id, product)
);

-- Down Migration
DROP TABLE rm_certificate_eligibility, rm_certificate_eligibility_wiped_users,
  rm_certificate_eligibility_latest, rm_certificate_eligibility_questions;
DROP TABLE rm_unlock_progress_days, rm_unlock_progress, rm_unlock_progress_wiped_users,
  rm_unlock_progress_latest, rm_unlock_progress_questions;
