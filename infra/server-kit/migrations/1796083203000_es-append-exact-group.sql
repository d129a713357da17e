-- Up Migration

-- A group of appends that each expect an exact state (no stream, or a revision) of a stream no other
-- append of the group names, stored in one INSERT (the group committer's `writeExact`): no locks, no
-- per-append decisions, the unique (stream_id, revision) index deciding a race as it does for an append
-- alone. An append whose expected revision is not in its stream inserts nothing (the caller answers it a
-- conflict); one whose next revision is taken refuses the whole statement (23505) and the caller hands
-- the group to es_append_group. Answers every inserted event's stream, revision, position and
-- transaction id.
--
-- A function rather than a statement sent by the client so its plan is made once (generic, as for
-- es_append_group: the statement takes arrays and a jsonb document, and the plan cache would plan it
-- afresh on every call), and so a call costs PostgreSQL about half what a call to es_append_group does
-- for a few appends (its locks, its revision reads and decisions in PL/pgSQL, its answer's join).
CREATE FUNCTION es_append_exact_group(p_streams text[], p_expected bigint[], p_events jsonb)
RETURNS TABLE (stream text, rev bigint, pos bigint, xid text)
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
    WITH start AS (
      SELECT a.n, CASE WHEN a.x IS NULL THEN -1::bigint
                       ELSE (SELECT e.revision FROM es_events e WHERE e.stream_id = a.s AND e.revision = a.x)
                  END AS revision
        FROM unnest(p_streams, p_expected) WITH ORDINALITY AS a (s, x, n)
    )
    INSERT INTO es_events (stream_id, revision, event_id, type, version, data, metadata)
    SELECT p_streams[x.app + 1], start.revision + 1 + x.off, x.event_id, x.type, x.version, x.data, x.metadata
      FROM jsonb_to_recordset(p_events)
           AS x (app integer, off integer, event_id uuid, type text, version integer, data jsonb, metadata jsonb)
      JOIN start ON start.n = x.app + 1
     WHERE start.revision IS NOT NULL
     ORDER BY x.app, x.off
    RETURNING es_events.stream_id, es_events.revision, es_events.position, es_events.transaction_id::text;
END;
$$;

ALTER FUNCTION es_append_exact_group(text[], bigint[], jsonb) SET plan_cache_mode = force_generic_plan;

-- Down Migration
DROP FUNCTION es_append_exact_group(text[], bigint[], jsonb);
