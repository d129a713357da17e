-- Up Migration

-- The analysts' workspace (issue 21): a schema of views over the read models, and the one database role
-- analysts' SQL runs as. The role may read this schema and nothing else: no event store, no identity or
-- token tables, no personal columns (a view runs with its owner's rights, so what a view leaves out stays
-- out). Adding a view later is one migration: CREATE VIEW analytics.<name> AS ...; the default privileges
-- below grant SELECT on it to the role (when the same database user creates it, as migrations do).

-- Roles belong to the cluster, not to one database: several databases of one cluster (the test suites')
-- may run this at once, and an operator may have created the role beforehand (without CREATEROLE the
-- platform's user cannot); each of those is fine. The role's own settings apply to every session it opens, whatever the client does first: read-only
-- transactions, a 10 s statement limit, bounded sort and hash memory and temporary files, and only the
-- analytics schema on its path. They are set by whoever creates the role (only one of several databases
-- migrating at once does: concurrent ALTER ROLEs of one role fail). The query runner sets the same per
-- transaction (SET LOCAL), so a role an operator made keeps them too.
DO $$
BEGIN
  BEGIN
    CREATE ROLE analytics_reader LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS NOINHERIT
      CONNECTION LIMIT 16;
  EXCEPTION WHEN duplicate_object OR unique_violation THEN
    RETURN;
  END;
  ALTER ROLE analytics_reader SET default_transaction_read_only = on;
  ALTER ROLE analytics_reader SET statement_timeout = '10s';
  ALTER ROLE analytics_reader SET idle_in_transaction_session_timeout = '30s';
  ALTER ROLE analytics_reader SET work_mem = '16MB';
  ALTER ROLE analytics_reader SET search_path = analytics;
  BEGIN
    -- A superuser-only setting: a cross join spilling to disk stops at 256 MB of temporary files.
    ALTER ROLE analytics_reader SET temp_file_limit = '256MB';
  EXCEPTION WHEN insufficient_privilege THEN
    RAISE NOTICE 'analytics_reader: temp_file_limit left to the operator (%)', SQLERRM;
  END;
END $$;

-- PUBLIC may use the public schema by default, which would let the role call its functions (es_append and
-- the others): nobody but the platform's own user (its owner, or a superuser) needs it.
REVOKE ALL ON SCHEMA public FROM PUBLIC;
-- Nor does anyone need temporary tables (the platform's user keeps its rights as owner or superuser).
DO $$
BEGIN
  EXECUTE format('REVOKE TEMPORARY ON DATABASE %I FROM PUBLIC', current_database());
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'analytics: TEMPORARY on the database left as it is (%)', SQLERRM;
END $$;

CREATE SCHEMA analytics;
COMMENT ON SCHEMA analytics IS 'Views over the read models for analysts: no personal data; user ids only.';

CREATE VIEW analytics.learners AS
  SELECT user_id, provider, roles, products, subscriptions, registered_at, last_sign_in_at, sign_in_count
    FROM rm_user_access;
COMMENT ON VIEW analytics.learners IS 'One row per account: sign-in provider, roles, owned products, sign-ins.';

CREATE VIEW analytics.latest_submissions AS
  SELECT user_id, product, question_id, language, status, tests_passed, tests_total, submitted_at, submissions
    FROM rm_latest_submissions;
COMMENT ON VIEW analytics.latest_submissions IS
  'The latest submission of each learner per question, with how many submissions they made.';

CREATE VIEW analytics.correct_days AS
  SELECT user_id, product, day FROM rm_unlock_progress_days;
COMMENT ON VIEW analytics.correct_days IS 'The UTC days on which a learner submitted a correct solution.';

CREATE VIEW analytics.question_results AS
  SELECT user_id, product, question_id, correct FROM rm_unlock_progress_latest;
COMMENT ON VIEW analytics.question_results IS 'Whether each learner''s latest submission of a question was correct.';

CREATE VIEW analytics.questions AS
  SELECT product, question_id, name, category, difficulty, free, version, first_published_at, published_at
    FROM rm_catalogue_questions;
COMMENT ON VIEW analytics.questions IS 'The published coding questions (without their statements and tests).';

CREATE VIEW analytics.charges AS
  SELECT charge_id, purchase_id, user_id, products, offering, price_version, list_price, amount, amount_refunded,
         currency, affiliate_code, promo_code, paid_at
    FROM rm_charges;
COMMENT ON VIEW analytics.charges IS 'Paid checkouts: amounts in minor units of currency, refunds, codes used.';

CREATE VIEW analytics.subscriptions AS
  SELECT user_id, product, status, changed_at FROM rm_subscriptions;
COMMENT ON VIEW analytics.subscriptions IS 'Each product a learner subscribed to, active or refunded.';

CREATE VIEW analytics.certificates AS
  SELECT certificate_id, user_id, product, version, issued_at FROM rm_certificates;
COMMENT ON VIEW analytics.certificates IS 'Certificates issued for completed tracks.';

CREATE VIEW analytics.telemetry_daily AS
  SELECT day, event_type, count FROM rm_telemetry_daily;
COMMENT ON VIEW analytics.telemetry_daily IS 'Telemetry events counted per UTC day and type.';

CREATE VIEW analytics.affiliate_clicks_daily AS
  SELECT day, affiliate_code, count FROM rm_affiliate_clicks_daily;
COMMENT ON VIEW analytics.affiliate_clicks_daily IS 'Clicks on affiliate links per UTC day and code.';

CREATE VIEW analytics.projections AS
  SELECT name, state, position, events_processed, updated_at FROM projection_checkpoints;
COMMENT ON VIEW analytics.projections IS
  'Each read model''s checkpoint: the global position it has applied and when it last moved.';

GRANT USAGE ON SCHEMA analytics TO analytics_reader;
GRANT SELECT ON ALL TABLES IN SCHEMA analytics TO analytics_reader;
ALTER DEFAULT PRIVILEGES IN SCHEMA analytics GRANT SELECT ON TABLES TO analytics_reader;

-- Down Migration
ALTER DEFAULT PRIVILEGES IN SCHEMA analytics REVOKE SELECT ON TABLES FROM analytics_reader;
DROP SCHEMA analytics CASCADE;
GRANT USAGE ON SCHEMA public TO PUBLIC;
DO $$
BEGIN
  EXECUTE format('GRANT TEMPORARY ON DATABASE %I TO PUBLIC', current_database());
END $$;
