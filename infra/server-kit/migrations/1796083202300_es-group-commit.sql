-- Up Migration

-- Group commit (group-commit.ts): many appends in one transaction, one call, one WAL flush. Each append
-- is decided in the order given, on the revision the appends before it left, exactly as if each had
-- committed alone: a conflict refuses only its own append. The streams are locked first with the
-- advisory locks es_append takes (class 17), in one order every caller follows (by lock key), so two
-- groups never wait on each other in a cycle, and a group and es_append never take one revision twice.
-- The revisions are read in a statement after the locks (a new snapshot). Ids are made by the caller's
-- store (random UUIDs), so no id can be stored already; appends with ids the caller chose go through
-- es_append one by one.
--
--   p_streams, p_expected, p_counts: each append's stream, expected state ('any', 'no_stream',
--     'stream_exists' or a revision) and number of events, in order
--   p_events: every event of every append, in order: { "app": 0-based append, "off": 0-based place
--     in its append, "event_id", "type", "version", "data", "metadata" }
-- Answers one row per append, in order: ok (stream_revision: its last event's, last_position,
-- last_transaction_id) or conflict (stream_revision: the stream's revision it met).
CREATE FUNCTION es_append_group(p_streams text[], p_expected text[], p_counts integer[], p_events jsonb)
RETURNS TABLE (status text, stream_revision bigint, last_position bigint, last_transaction_id text)
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer := cardinality(p_streams);
  v_key integer;
  v_names text[];
  v_revisions bigint[];
  v_first bigint[] := array_fill(NULL::bigint, ARRAY[cardinality(p_streams)]);
  v_revision bigint[] := array_fill(NULL::bigint, ARRAY[cardinality(p_streams)]);
  v_at integer;
  v_current bigint;
  v_expected text;
BEGIN
  FOR v_key IN SELECT DISTINCT hashtext(s) FROM unnest(p_streams) AS s ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(17, v_key);
  END LOOP;

  SELECT array_agg(d.stream), array_agg(coalesce((SELECT max(e.revision) FROM es_events e WHERE e.stream_id = d.stream), -1))
    INTO v_names, v_revisions
    FROM (SELECT DISTINCT s AS stream FROM unnest(p_streams) AS s) AS d;

  FOR i IN 1..v_count LOOP
    v_at := array_position(v_names, p_streams[i]);
    v_current := v_revisions[v_at];
    v_expected := p_expected[i];
    IF (v_expected = 'no_stream' AND v_current <> -1)
       OR (v_expected = 'stream_exists' AND v_current = -1)
       OR (v_expected NOT IN ('any', 'no_stream', 'stream_exists') AND v_current <> v_expected::bigint) THEN
      v_revision[i] := v_current;
    ELSE
      v_first[i] := v_current + 1;
      v_revision[i] := v_current + p_counts[i];
      v_revisions[v_at] := v_revision[i];
    END IF;
  END LOOP;

  RETURN QUERY
    WITH inserted AS (
      INSERT INTO es_events (stream_id, revision, event_id, type, version, data, metadata)
      SELECT p_streams[x.app + 1], v_first[x.app + 1] + x.off, x.event_id, x.type, x.version, x.data, x.metadata
        FROM jsonb_to_recordset(p_events)
             AS x (app integer, off integer, event_id uuid, type text, version integer, data jsonb, metadata jsonb)
       WHERE v_first[x.app + 1] IS NOT NULL
       ORDER BY x.app, x.off
      RETURNING es_events.stream_id, es_events.revision, es_events.position
    )
    SELECT CASE WHEN v_first[n] IS NULL THEN 'conflict' ELSE 'ok' END, v_revision[n], ins.position,
           CASE WHEN v_first[n] IS NOT NULL THEN pg_current_xact_id()::text END
      FROM generate_subscripts(p_streams, 1) AS n
      LEFT JOIN inserted ins
        ON v_first[n] IS NOT NULL AND ins.stream_id = p_streams[n] AND ins.revision = v_revision[n]
     ORDER BY n;
END;
$$;

-- Down Migration
DROP FUNCTION es_append_group(text[], text[], integer[], jsonb);
