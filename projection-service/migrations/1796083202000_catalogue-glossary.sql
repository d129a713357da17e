-- Up Migration

-- The latest version of each glossary term of a product (GlossaryTermPublished), for glossary/get.
CREATE TABLE rm_catalogue_glossary (
  product text NOT NULL,
  term_id text NOT NULL,
  version integer NOT NULL,
  term text NOT NULL,
  definition text NOT NULL,
  see_also jsonb NOT NULL,
  lesson text,
  published_at timestamptz NOT NULL,
  PRIMARY KEY (product, term_id)
);

-- Down Migration
DROP TABLE rm_catalogue_glossary;
