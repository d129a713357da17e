-- Up Migration

-- What staff need to read a question's history (GET /api/staff/v1/content/questions/{questionId}/versions):
-- the event that published each version (its id and place in the global order) and a digest of each
-- of its fields, so that what changed from one version to the next is a comparison of two rows.
-- Fields are the question's own (name, category, difficulty, free, prompt, hints, complexity,
-- walkthrough, signature, compare; not the slug, which is the question's id), `tests` (their digest,
-- count and the visible ones) and one key per language of the starters and reference solutions
-- (`starters.python`, `solutions.java`), so a history can say which languages changed.
--
-- The digests are computed here, in SQL, from the event's data as jsonb (whose text form is
-- canonical), both by the projection for each event it applies and by the backfill below: one
-- definition, so live rows, rebuilt rows and backfilled rows agree.
CREATE FUNCTION rm_catalogue_question_field_digests(data jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(jsonb_object_agg(f.key, encode(sha256(convert_to(f.value::text, 'UTF8')), 'hex')), '{}')
    FROM (
      SELECT q.key, q.value FROM jsonb_each(data->'question') q WHERE q.key <> 'slug'
      UNION ALL SELECT 'tests', data->'tests'
      UNION ALL SELECT 'starters.' || s.key, s.value FROM jsonb_each(coalesce(data->'starters', '{}')) s
      UNION ALL SELECT 'solutions.' || s.key, s.value FROM jsonb_each(coalesce(data->'solutions', '{}')) s
    ) f
$$;

ALTER TABLE rm_catalogue_question_versions
  ADD COLUMN event_id uuid,
  ADD COLUMN event_xid bigint,
  ADD COLUMN event_pos bigint,
  ADD COLUMN field_digests jsonb;

-- The versions already projected get theirs from the events that published them (the event store's
-- migrations run before the read models', in every deployment and test). Each version is event
-- `version - 1` of its question's stream (contracts' questionStreamId); the partial index
-- es_events_question_published finds it.
UPDATE rm_catalogue_question_versions v
   SET event_id = e.event_id,
       event_xid = e.transaction_id::text::bigint,
       event_pos = e.position,
       field_digests = rm_catalogue_question_field_digests(e.data)
  FROM es_events e
 WHERE e.type = 'QuestionPublished'
   AND e.data->>'product' = v.product
   AND e.stream_id = 'catalogue-' || v.product || '-question-' || v.question_id
   AND e.revision = v.version - 1;

ALTER TABLE rm_catalogue_question_versions
  ALTER COLUMN event_id SET NOT NULL,
  ALTER COLUMN event_xid SET NOT NULL,
  ALTER COLUMN event_pos SET NOT NULL,
  ALTER COLUMN field_digests SET NOT NULL;

-- Down Migration
ALTER TABLE rm_catalogue_question_versions
  DROP COLUMN field_digests,
  DROP COLUMN event_pos,
  DROP COLUMN event_xid,
  DROP COLUMN event_id;
DROP FUNCTION rm_catalogue_question_field_digests(jsonb);
