-- Up Migration

-- The web build bounds staff set last (one row at most).
CREATE TABLE rm_ui_version_bounds (
  id smallint PRIMARY KEY CHECK (id = 1),
  min_supported text,
  min_recommended text,
  updated_at timestamptz NOT NULL
);

-- Down Migration
DROP TABLE rm_ui_version_bounds;
