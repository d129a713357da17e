-- Up Migration

-- Shared solutions (issue 23): one row per solution, its count the sum of its voters' current votes
-- (rm_shared_solution_votes), recomputed from those rows whenever a batch changes one.
CREATE TABLE rm_shared_solutions (
  solution_id text PRIMARY KEY,
  question_id text NOT NULL,
  author_id uuid NOT NULL,
  title text NOT NULL,
  explanation text NOT NULL,
  language text NOT NULL,
  solution text NOT NULL,
  upvotes integer NOT NULL DEFAULT 0,
  -- The global position of its sharing: "newest" order, and the tie-break of "votes".
  shared_position bigint NOT NULL,
  shared_at timestamptz NOT NULL,
  -- Deleted by its author or hidden by staff (hidden_reason set): no longer listed.
  removed_at timestamptz,
  hidden_reason text,
  -- The author's account was wiped: the content stays, shown as from a removed account.
  author_removed boolean NOT NULL DEFAULT false
);
CREATE INDEX rm_shared_solutions_by_votes ON rm_shared_solutions (question_id, upvotes DESC, shared_position DESC)
  WHERE removed_at IS NULL;
CREATE INDEX rm_shared_solutions_by_author ON rm_shared_solutions (author_id);

-- Each voter's current vote (0 kept: the revision guards against an older event delivered again).
CREATE TABLE rm_shared_solution_votes (
  solution_id text NOT NULL,
  user_id uuid NOT NULL,
  vote smallint NOT NULL,
  revision integer NOT NULL,
  PRIMARY KEY (solution_id, user_id)
);

-- Comments and replies (parent_id) on shared solutions; a removed one stays, shown as deleted.
CREATE TABLE rm_solution_comments (
  comment_id text PRIMARY KEY,
  solution_id text NOT NULL,
  parent_id text,
  author_id uuid NOT NULL,
  content text NOT NULL,
  -- The stream revision of the text shown (its posting, or its latest edit).
  content_revision integer NOT NULL,
  was_edited boolean NOT NULL DEFAULT false,
  upvotes integer NOT NULL DEFAULT 0,
  num_children integer NOT NULL DEFAULT 0,
  posted_position bigint NOT NULL,
  posted_at timestamptz NOT NULL,
  removed_at timestamptz,
  hidden_reason text,
  author_removed boolean NOT NULL DEFAULT false
);
CREATE INDEX rm_solution_comments_top ON rm_solution_comments (solution_id, posted_position DESC)
  WHERE parent_id IS NULL;
CREATE INDEX rm_solution_comments_replies ON rm_solution_comments (parent_id, posted_position)
  WHERE parent_id IS NOT NULL;
CREATE INDEX rm_solution_comments_by_author ON rm_solution_comments (author_id);

CREATE TABLE rm_solution_comment_votes (
  comment_id text NOT NULL,
  user_id uuid NOT NULL,
  vote smallint NOT NULL,
  revision integer NOT NULL,
  PRIMARY KEY (comment_id, user_id)
);

-- Down Migration
DROP TABLE rm_solution_comment_votes;
DROP TABLE rm_solution_comments;
DROP TABLE rm_shared_solution_votes;
DROP TABLE rm_shared_solutions;
