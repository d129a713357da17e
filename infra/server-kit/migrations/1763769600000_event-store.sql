-- Up Migration

-- Every event ever appended. position is assigned before commit, so it is not a safe read order
-- on its own: readers order and checkpoint by (transaction_id, position) and only read rows of
-- transactions older than the oldest one still running (see readAll in event-store.ts).
-- A stream's revision is its last event's; the unique (stream_id, revision) index is what keeps
-- two appends from taking the same revision.
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

-- The store appends in one INSERT statement when it made the event ids itself and the expected
-- state is no_stream or a revision (see event-store.ts). This function takes the other appends:
-- `any`, `stream_exists`, and ids the caller chose, where a repeated id with the same content is
-- answered idempotently and one with other content is refused (duplicate_id). It serialises them
-- per stream with a transaction-scoped advisory lock, kept in memory. It answers a status
-- instead of raising, so the caller gets the current revision with a conflict:
--   ok | idempotent | conflict | duplicate_id
CREATE FUNCTION es_append(p_stream text, p_expected text, p_events jsonb)
RETURNS TABLE (status text, stream_revision bigint, last_position bigint, last_transaction_id text)
LANGUAGE plpgsql AS $$
DECLARE
  v_current bigint;
  v_count integer := jsonb_array_length(p_events);
  v_known integer;
  v_same integer;
  v_last bigint;
BEGIN
  -- Class 17 keeps these keys apart from the projections' single-key advisory locks.
  PERFORM pg_advisory_xact_lock(17, hashtext(p_stream));
  v_current := coalesce((SELECT max(e.revision) FROM es_events e WHERE e.stream_id = p_stream), -1);

  -- EXECUTE plans afresh each time, so a plan cached while the table was small never scans it.
  EXECUTE
    'SELECT count(*), count(*) FILTER (WHERE e.stream_id = $1 AND e.type = x.type AND e.data = x.data)
       FROM jsonb_to_recordset($2) AS x (event_id uuid, type text, data jsonb)
       JOIN es_events e ON e.event_id = x.event_id'
    INTO v_known, v_same USING p_stream, p_events;
  IF v_known > 0 THEN
    IF v_same = v_count THEN
      RETURN QUERY EXECUTE
        'SELECT ''idempotent''::text, $1, e.position, e.transaction_id::text
           FROM es_events e
          WHERE e.event_id IN (SELECT x.event_id FROM jsonb_to_recordset($2) AS x (event_id uuid))
          ORDER BY e.transaction_id DESC, e.position DESC
          LIMIT 1'
        USING v_current, p_events;
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
    SELECT p_stream, v_current + x.ord, x.event_id, x.type, x.version, x.data, x.metadata
      FROM ROWS FROM (jsonb_to_recordset(p_events) AS (event_id uuid, type text, version integer, data jsonb, metadata jsonb))
           WITH ORDINALITY AS x (event_id, type, version, data, metadata, ord)
     ORDER BY x.ord
    RETURNING es_events.position
  )
  SELECT max(inserted.position) INTO v_last FROM inserted;

  RETURN QUERY SELECT 'ok'::text, v_current + v_count, v_last, pg_current_xact_id()::text;
END;
$$;

-- Down Migration
DROP FUNCTION es_append(text, text, jsonb);
DROP TABLE es_events;
