-- Up Migration

-- Large immutable content an event refers to by digest (a question's tests run to hundreds of
-- kilobytes, far above an event's 64 KiB): written once before the event that names it, never changed
-- or deleted, so every version a learner was judged against stays readable.
CREATE TABLE es_content_blobs (
  sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  body jsonb NOT NULL,
  bytes integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- Down Migration
DROP TABLE es_content_blobs;
