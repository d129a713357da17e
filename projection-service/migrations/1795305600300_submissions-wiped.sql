-- Up Migration

-- Learners whose account was wiped, by id only: a submission that reaches the submissions read model
-- after the wipe (Kafka orders events per stream, and the wipe is in the user's stream) is dropped.
CREATE TABLE rm_submissions_wiped_users (
  user_id uuid PRIMARY KEY
);

-- Down Migration
DROP TABLE rm_submissions_wiped_users;
