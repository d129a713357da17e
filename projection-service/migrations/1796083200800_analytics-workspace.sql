-- Up Migration

-- The analysts' workspace read model (issue 21): the saved queries every analyst sees, and every run,
-- for an analyst's history and for staff. These are platform tables, not analytics views: analysts
-- read them through the API only.
CREATE TABLE rm_analytics_saved_queries (
  query_id uuid PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL,
  sql text NOT NULL,
  chart jsonb,
  saved_by uuid,
  saved_at timestamptz NOT NULL
);

CREATE TABLE rm_analytics_runs (
  run_id uuid PRIMARY KEY,
  analyst_id uuid,
  sql text NOT NULL,
  sql_sha256 text NOT NULL,
  outcome text NOT NULL,
  error_code text,
  duration_ms integer NOT NULL,
  rows_returned integer NOT NULL,
  truncated boolean NOT NULL,
  ran_at timestamptz NOT NULL
);
CREATE INDEX rm_analytics_runs_analyst_idx ON rm_analytics_runs (analyst_id, ran_at DESC);
CREATE INDEX rm_analytics_runs_ran_at_idx ON rm_analytics_runs (ran_at DESC);

-- Down Migration
DROP TABLE rm_analytics_runs;
DROP TABLE rm_analytics_saved_queries;
