-- Up Migration

-- A session ended by its own logout, told apart from one revoked by staff or expired: another tab of the
-- same browser still holding the token hears "SIGNED_OUT" and reloads signed out, instead of telling the
-- learner their credentials expired.
ALTER TABLE identity_sessions ADD COLUMN signed_out boolean NOT NULL DEFAULT false;

-- Down Migration
ALTER TABLE identity_sessions DROP COLUMN signed_out;
