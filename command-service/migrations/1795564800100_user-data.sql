-- Up Migration

-- The command side's copy of each learner's saved data per product (user-data/set): the merge of every
-- UserDataSet of the stream user-data-<product>-<user>, and the stream revision it reflects. A set locks
-- its row, folds any event past that revision, checks the sizes, appends with that revision expected
-- and writes the row back, all in one transaction: concurrent sets of one learner queue on the row
-- instead of folding the whole stream each time. The account wipe deletes the rows.
CREATE TABLE user_data_documents (
  user_id uuid NOT NULL,
  product text NOT NULL,
  document jsonb NOT NULL,
  revision bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, product)
);

-- Down Migration
DROP TABLE user_data_documents;
