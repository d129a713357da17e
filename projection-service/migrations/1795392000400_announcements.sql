-- Up Migration

-- Every announcement staff published, with its withdrawal (announcement/mine and the staff list).
-- Expiry is not a state change: the queries compare expires_at with the time of the query.
CREATE TABLE rm_announcements (
  announcement_id text PRIMARY KEY,
  message text NOT NULL,
  site_path text,
  approved_at timestamptz NOT NULL,
  expires_at timestamptz,
  withdrawn_at timestamptz
);
-- announcement/mine reads the live ones of one page (or the general ones), newest approved first.
CREATE INDEX rm_announcements_live ON rm_announcements (site_path, approved_at DESC) WHERE withdrawn_at IS NULL;

-- Down Migration
DROP TABLE rm_announcements;
