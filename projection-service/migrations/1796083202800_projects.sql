-- Up Migration

-- The blockchain track's Solidity projects (SolidityProjectPublished, latest version of each), for
-- projects/list and projects/get: numbered in the order they were first published. The milestones hold
-- only their visible tests (the hidden ones stay in es_content_blobs, for the judge).
CREATE TABLE rm_projects (
  product text NOT NULL,
  project_id text NOT NULL,
  version integer NOT NULL,
  first_xid text NOT NULL,
  first_pos text NOT NULL,
  name text NOT NULL,
  difficulty integer NOT NULL,
  free boolean NOT NULL,
  summary text NOT NULL,
  detail jsonb NOT NULL,
  published_at timestamptz NOT NULL,
  PRIMARY KEY (product, project_id)
);

-- Down Migration
DROP TABLE rm_projects;
