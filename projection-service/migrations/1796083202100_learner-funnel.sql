-- Up Migration

-- The learner funnel's first steps (issue 21): each browser's first visit and the account it became,
-- and each learner's first run of code. Read by analysts through two views.

-- One row per machine id: its first visit, and the first account seen signed in on it (with when).
CREATE TABLE rm_funnel_visitors (
  machine_uuid text PRIMARY KEY,
  first_visit_at timestamptz NOT NULL,
  first_path text NOT NULL,
  referrer_host text,
  user_id uuid,
  signed_in_at timestamptz
);
CREATE INDEX rm_funnel_visitors_first_visit ON rm_funnel_visitors (first_visit_at);
CREATE INDEX rm_funnel_visitors_user ON rm_funnel_visitors (user_id) WHERE user_id IS NOT NULL;

-- One row per learner who ever ran code.
CREATE TABLE rm_funnel_first_runs (
  user_id uuid PRIMARY KEY,
  first_run_at timestamptz NOT NULL,
  product text NOT NULL,
  question_id text NOT NULL,
  language text NOT NULL
);

CREATE VIEW analytics.visitors AS
  SELECT machine_uuid, first_visit_at, first_path, referrer_host, user_id, signed_in_at FROM rm_funnel_visitors;
COMMENT ON VIEW analytics.visitors IS
  'One row per browser (a random machine id): its first visit, page and referring host, and the first account signed in on it.';

CREATE VIEW analytics.first_runs AS
  SELECT user_id, first_run_at, product, question_id, language FROM rm_funnel_first_runs;
COMMENT ON VIEW analytics.first_runs IS 'Each learner''s first run of code: when, which question and language.';

GRANT SELECT ON analytics.visitors, analytics.first_runs TO analytics_reader;

-- Down Migration
DROP VIEW analytics.first_runs;
DROP VIEW analytics.visitors;
DROP TABLE rm_funnel_first_runs;
DROP TABLE rm_funnel_visitors;
