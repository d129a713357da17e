-- Up Migration

-- Faster appends:
-- * p_check_ids = false skips the look-up of the event ids: ids the store made itself (random
--   UUIDs) cannot be stored already, and the unique index still guards them. Client-chosen ids
--   (idempotency keys) are looked up with EXECUTE, planned afresh each time, so a plan cached
--   while the table was small never turns the look-up into a scan of a large table.
-- * a stream created by this append is locked by its own INSERT: no second look-up.
DROP FUNCTION es_append(text, text, jsonb);

CREATE FUNCTION es_append(p_stream text, p_expected text, p_events jsonb, p_check_ids boolean)
RETURNS TABLE (status text, stream_revision bigint, last_position bigint, last_transaction_id text)
LANGUAGE plpgsql AS $$
DECLARE
  v_current bigint;
  v_count integer := jsonb_array_length(p_events);
  v_known integer;
  v_same integer;
  v_last bigint;
BEGIN
  SELECT s.revision INTO v_current FROM es_streams s WHERE s.stream_id = p_stream FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO es_streams (stream_id, revision) VALUES (p_stream, -1) ON CONFLICT DO NOTHING;
    IF FOUND THEN
      v_current := -1;
    ELSE
      SELECT s.revision INTO v_current FROM es_streams s WHERE s.stream_id = p_stream FOR UPDATE;
    END IF;
  END IF;

  IF p_check_ids THEN
    EXECUTE
      'SELECT count(*), count(*) FILTER (WHERE e.stream_id = $1 AND e.type = x.e ->> ''type'' AND e.data = x.e -> ''data'')
         FROM jsonb_array_elements($2) AS x (e)
         JOIN es_events e ON e.event_id = (x.e ->> ''event_id'')::uuid'
      INTO v_known, v_same USING p_stream, p_events;
    IF v_known > 0 THEN
      IF v_same = v_count THEN
        RETURN QUERY EXECUTE
          'SELECT ''idempotent''::text, $1, e.position, e.transaction_id::text
             FROM es_events e
            WHERE e.event_id IN (SELECT (x ->> ''event_id'')::uuid FROM jsonb_array_elements($2) x)
            ORDER BY e.transaction_id DESC, e.position DESC
            LIMIT 1'
          USING v_current, p_events;
      ELSE
        RETURN QUERY SELECT 'duplicate_id'::text, v_current, NULL::bigint, NULL::text;
      END IF;
      RETURN;
    END IF;
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
DROP FUNCTION es_append(text, text, jsonb, boolean);
