-- Up Migration

-- One row per stream: the revision of its last event (-1: no event yet). Locking this row
-- serialises appends to one stream; appends to different streams run in parallel.
CREATE TABLE es_streams (
  stream_id text PRIMARY KEY,
  revision bigint NOT NULL
);

-- Every event ever appended. position is assigned before commit, so it is not a safe read order
-- on its own: readers order and checkpoint by (transaction_id, position) and only read rows of
-- transactions older than the oldest one still running (see es_read_all in event-store.ts).
CREATE TABLE es_events (
  position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id text NOT NULL,
  revision bigint NOT NULL,
  event_id uuid NOT NULL UNIQUE,
  type text NOT NULL,
  version integer NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (stream_id, revision)
);
CREATE INDEX es_events_global_order ON es_events (transaction_id, position);

-- Appends a batch to one stream in one round trip. p_expected is 'any', 'no_stream',
-- 'stream_exists' or a 0-based revision. Answers a status instead of raising so that the caller
-- gets the current revision with a conflict:
--   ok | idempotent (every event id already stored in this stream) | conflict | duplicate_id
CREATE FUNCTION es_append(p_stream text, p_expected text, p_events jsonb)
RETURNS TABLE (status text, stream_revision bigint, last_position bigint, last_transaction_id text)
LANGUAGE plpgsql AS $$
DECLARE
  v_current bigint;
  v_count integer := jsonb_array_length(p_events);
  v_known integer;
  v_known_here integer;
  v_last bigint;
BEGIN
  SELECT s.revision INTO v_current FROM es_streams s WHERE s.stream_id = p_stream FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO es_streams (stream_id, revision) VALUES (p_stream, -1) ON CONFLICT DO NOTHING;
    SELECT s.revision INTO v_current FROM es_streams s WHERE s.stream_id = p_stream FOR UPDATE;
  END IF;

  SELECT count(*), count(*) FILTER (WHERE e.stream_id = p_stream)
    INTO v_known, v_known_here
    FROM es_events e
   WHERE e.event_id IN (SELECT (x ->> 'event_id')::uuid FROM jsonb_array_elements(p_events) x);
  IF v_known > 0 THEN
    IF v_known = v_count AND v_known_here = v_count THEN
      RETURN QUERY
        SELECT 'idempotent'::text, v_current, e.position, e.transaction_id::text
          FROM es_events e
         WHERE e.event_id IN (SELECT (x ->> 'event_id')::uuid FROM jsonb_array_elements(p_events) x)
         ORDER BY e.transaction_id DESC, e.position DESC
         LIMIT 1;
    ELSE
      RETURN QUERY SELECT 'duplicate_id'::text, v_current, NULL::bigint, NULL::text;
    END IF;
    RETURN;
  END IF;

  IF (p_expected = 'no_stream' AND v_current <> -1)
     OR (p_expected = 'stream_exists' AND v_current = -1)
     OR (p_expected NOT IN ('any', 'no_stream', 'stream_exists') AND v_current <> p_expected::bigint) THEN
    RETURN QUERY SELECT 'conflict'::text, v_current, NULL::bigint, NULL::text;
    RETURN;
  END IF;

  WITH inserted AS (
    INSERT INTO es_events (stream_id, revision, event_id, type, version, data, metadata)
    SELECT p_stream, v_current + x.ord, (x.e ->> 'event_id')::uuid, x.e ->> 'type',
           (x.e ->> 'version')::integer, x.e -> 'data', x.e -> 'metadata'
      FROM jsonb_array_elements(p_events) WITH ORDINALITY AS x (e, ord)
     ORDER BY x.ord
    RETURNING es_events.position
  )
  SELECT max(inserted.position) INTO v_last FROM inserted;

  UPDATE es_streams SET revision = v_current + v_count WHERE stream_id = p_stream;
  RETURN QUERY SELECT 'ok'::text, v_current + v_count, v_last, pg_current_xact_id()::text;
END;
$$;

-- Down Migration
DROP FUNCTION es_append(text, text, jsonb);
DROP TABLE es_events;
DROP TABLE es_streams;
