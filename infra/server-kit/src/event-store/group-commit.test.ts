import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { Pool } from 'pg';
import { ZERO_POSITION } from '@app/contracts';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { createPool, eventStoreMigrations, migrate } from './database';
import { DuplicateEventIdError, type ExpectedState, WrongExpectedVersionError } from './errors';
import { PgEventStore, type NewEvent } from './event-store';

/*
 * Random interleavings through the real store: rounds of appends sent at once (so they share groups),
 * to a few streams, with every kind of expected state, some with ids the caller chose (repeated ones
 * too). Afterwards: every acknowledged event is stored once, where its answer said, the streams have no
 * gaps, every refused event is absent, and the global read returns each stored event once, in order.
 */
describe('group commit under random interleavings', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: PgEventStore;

  beforeAll(async () => {
    db = await createTestDatabase((url) => migrate(url, eventStoreMigrations));
    pool = createPool(db.url, { max: 20 });
    store = new PgEventStore(pool, { groupCommit: { maxAppends: 8, concurrency: 2 } });
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  type Expectation = { kind: 'any' | 'no_stream' | 'stream_exists' } | { kind: 'revision'; offset: number };
  const appendArbitrary = fc.record({
    stream: fc.integer({ min: 0, max: 2 }),
    expected: fc.oneof(
      fc.constantFrom<Expectation>({ kind: 'any' }, { kind: 'no_stream' }, { kind: 'stream_exists' }),
      fc.integer({ min: -2, max: 1 }).map((offset): Expectation => ({ kind: 'revision', offset })),
    ),
    events: fc.integer({ min: 1, max: 3 }),
    /** Ids the caller chose: a fresh one, or one of an earlier append (a retry or a reuse). */
    ids: fc.constantFrom('made-here', 'made-here', 'chosen', 'reused'),
  });

  it('es_append_group decides the appends in order, each on the revision the ones before it left', async () => {
    const [a, b] = ['a', 'b'].map((name) => `gc-order-${name}-${randomUUID()}`);
    const event = (n: number): NewEvent => ({ type: 'TelemetryEventRecorded', data: { eventType: `e${n}` } });
    await store.append(a, [0, 1, 2, 3, 4].map(event)); // a is at revision 4
    const appends: [string, string, number][] = [
      [a, '4', 2],
      [a, '4', 1],
      [a, '6', 1],
      [b, 'stream_exists', 1],
      [b, 'no_stream', 3],
      [b, 'no_stream', 1],
      [b, 'any', 1],
      [b, 'stream_exists', 1],
    ];
    const events = appends.flatMap(([, , count], app) =>
      Array.from({ length: count }, (_, n) => ({
        app,
        off: n,
        event_id: randomUUID(),
        type: 'TelemetryEventRecorded',
        version: 1,
        data: { eventType: `group-${app}-${n}` },
        metadata: {},
      })),
    );
    const { rows } = await pool.query<{ status: string; stream_revision: string }>(
      'SELECT status, stream_revision FROM es_append_group($1, $2, $3, $4::jsonb)',
      [
        appends.map(([stream]) => stream),
        appends.map(([, expected]) => expected),
        appends.map(([, , count]) => count),
        JSON.stringify(events),
      ],
    );
    expect(rows.map((row) => [row.status, Number(row.stream_revision)])).toEqual([
      ['ok', 6],
      ['conflict', 6],
      ['ok', 7],
      ['conflict', -1],
      ['ok', 2],
      ['conflict', 2],
      ['ok', 3],
      ['ok', 4],
    ]);
    const stored = async (id: string) => (await store.readStream(id)).map((e) => [e.revision, e.data]);
    expect((await stored(a)).slice(5)).toEqual([
      [5, { eventType: 'group-0-0' }],
      [6, { eventType: 'group-0-1' }],
      [7, { eventType: 'group-2-0' }],
    ]);
    expect(await stored(b)).toEqual([
      [0, { eventType: 'group-4-0' }],
      [1, { eventType: 'group-4-1' }],
      [2, { eventType: 'group-4-2' }],
      [3, { eventType: 'group-6-0' }],
      [4, { eventType: 'group-7-0' }],
    ]);
  });

  it("es_append_group reads each stream's revision right whatever its first append expects (behind, at, beyond the end)", async () => {
    const event = (n: number): NewEvent => ({ type: 'TelemetryEventRecorded', data: { eventType: `e${n}` } });
    const [behind, at, beyond, taken, fresh, anyOne] = [
      'behind',
      'at',
      'beyond',
      'taken',
      'fresh',
      'any',
    ].map((name) => `gc-hint-${name}-${randomUUID()}`);
    for (const id of [behind, at, beyond, taken, anyOne]) await store.append(id, [0, 1, 2, 3].map(event)); // at 3
    const appends: [string, string][] = [
      [behind, '1'],
      [at, '3'],
      [beyond, '7'],
      [taken, 'no_stream'],
      [fresh, 'no_stream'],
      [anyOne, 'any'],
    ];
    const { rows } = await pool.query<{ status: string; stream_revision: string }>(
      'SELECT status, stream_revision FROM es_append_group($1, $2, $3, $4::jsonb)',
      [
        appends.map(([stream]) => stream),
        appends.map(([, expected]) => expected),
        appends.map(() => 1),
        JSON.stringify(
          appends.map((_, app) => ({
            app,
            off: 0,
            event_id: randomUUID(),
            type: 'TelemetryEventRecorded',
            version: 1,
            data: { eventType: `hint-${app}` },
            metadata: {},
          })),
        ),
      ],
    );
    expect(rows.map((row) => [row.status, Number(row.stream_revision)])).toEqual([
      ['conflict', 3],
      ['ok', 4],
      ['conflict', 3],
      ['conflict', 3],
      ['ok', 0],
      ['ok', 4],
    ]);
    expect(await store.streamRevision(behind)).toBe(3);
    expect(await store.streamRevision(beyond)).toBe(3);
    expect(await store.streamRevision(taken)).toBe(3);
  });

  it('appends made in one turn of the event loop set off as one group', async () => {
    const fresh = new PgEventStore(pool);
    const ids = Array.from({ length: 6 }, (_, n) => `gc-turn-${n}-${randomUUID()}`);
    await Promise.all(
      ids.map((id) =>
        fresh.append(id, [{ type: 'TelemetryEventRecorded', data: { eventType: 'turn' } }], {
          expectedState: 'no_stream',
        }),
      ),
    );
    expect(fresh.groupCommitStats).toMatchObject({ groups: 1, appends: 6, largestGroup: 6 });
  });

  it('appends waiting together are shared among free connections when each part holds minSplitShare', async () => {
    const sendAtOnce = async (committer: PgEventStore, count: number) => {
      const ids = Array.from({ length: count }, (_, n) => `gc-split-${n}-${randomUUID()}`);
      await Promise.all(
        ids.map((id) =>
          committer.append(id, [{ type: 'TelemetryEventRecorded', data: { eventType: 'split' } }], {
            expectedState: 'no_stream',
          }),
        ),
      );
      for (const id of ids) expect(await store.streamRevision(id)).toBe(0);
    };
    // 32 at once on two connections: two groups of 16, in flight together.
    const two = new PgEventStore(pool, { groupCommit: { concurrency: 2, minSplitShare: 12 } });
    await sendAtOnce(two, 32);
    expect(two.groupCommitStats).toMatchObject({ groups: 2, appends: 32, largestGroup: 16 });
    // 22 would make parts of 11: one group.
    const one = new PgEventStore(pool, { groupCommit: { concurrency: 2, minSplitShare: 12 } });
    await sendAtOnce(one, 22);
    expect(one.groupCommitStats).toMatchObject({ groups: 1, appends: 22, largestGroup: 22 });
  });

  it('es_append_group decides a group of appends to different streams in one statement, each on its own', async () => {
    const streams = Array.from({ length: 9 }, (_, n) => `gc-distinct-${n}-${randomUUID()}`);
    const event = (n: number): NewEvent => ({ type: 'TelemetryEventRecorded', data: { eventType: `e${n}` } });
    // Streams 0 to 4 hold two events each (revision 1); 5 to 8 are empty.
    for (const stream of streams.slice(0, 5)) await store.append(stream, [0, 1].map(event));
    const appends: [string, string, number][] = [
      [streams[0], '1', 2], // ok: 2, 3
      [streams[1], '0', 1], // conflict at 1
      [streams[2], 'any', 1], // ok: 2
      [streams[3], 'stream_exists', 3], // ok: 2, 3, 4
      [streams[4], 'no_stream', 1], // conflict at 1
      [streams[5], 'no_stream', 2], // ok: 0, 1
      [streams[6], 'stream_exists', 1], // conflict at -1
      [streams[7], 'any', 1], // ok: 0
      [streams[8], '0', 1], // conflict at -1
    ];
    const events = appends.flatMap(([, , count], app) =>
      Array.from({ length: count }, (_, n) => ({
        app,
        off: n,
        event_id: randomUUID(),
        type: 'TelemetryEventRecorded',
        version: 1,
        data: { eventType: `distinct-${app}-${n}` },
        metadata: {},
      })),
    );
    const { rows } = await pool.query<{
      status: string;
      stream_revision: string;
      last_position: string | null;
      last_transaction_id: string | null;
    }>('SELECT * FROM es_append_group($1, $2, $3, $4::jsonb)', [
      appends.map(([stream]) => stream),
      appends.map(([, expected]) => expected),
      appends.map(([, , count]) => count),
      JSON.stringify(events),
    ]);
    expect(rows.map((row) => [row.status, Number(row.stream_revision)])).toEqual([
      ['ok', 3],
      ['conflict', 1],
      ['ok', 2],
      ['ok', 4],
      ['conflict', 1],
      ['ok', 1],
      ['conflict', -1],
      ['ok', 0],
      ['conflict', -1],
    ]);
    // Accepted appends answer their last event's position, in one transaction; refused ones nothing.
    const accepted = rows.filter((row) => row.status === 'ok');
    expect(new Set(accepted.map((row) => row.last_transaction_id)).size).toBe(1);
    expect(rows.filter((row) => row.status === 'conflict').map((row) => row.last_position)).toEqual([
      null,
      null,
      null,
      null,
    ]);
    const stored = async (id: string) => (await store.readStream(id)).map((e) => [e.revision, e.data]);
    const lastPosition = async (index: number) => (await store.readStream(streams[index])).at(-1)?.position;
    expect((await stored(streams[0])).slice(2)).toEqual([
      [2, { eventType: 'distinct-0-0' }],
      [3, { eventType: 'distinct-0-1' }],
    ]);
    expect((await stored(streams[3])).slice(2)).toEqual([
      [2, { eventType: 'distinct-3-0' }],
      [3, { eventType: 'distinct-3-1' }],
      [4, { eventType: 'distinct-3-2' }],
    ]);
    expect(await stored(streams[5])).toEqual([
      [0, { eventType: 'distinct-5-0' }],
      [1, { eventType: 'distinct-5-1' }],
    ]);
    for (const index of [1, 4]) expect(await stored(streams[index])).toHaveLength(2);
    for (const index of [6, 8]) expect(await stored(streams[index])).toEqual([]);
    expect(await stored(streams[7])).toHaveLength(1);
    for (const [index, row] of rows.entries())
      if (row.status === 'ok') expect((await lastPosition(index))?.toString()).toBe(row.last_position);
  });

  it('a group the database refuses as a whole (a writer outside the group took a revision) is tried append by append', async () => {
    const serial = new PgEventStore(pool, { groupCommit: { concurrency: 1 } });
    const [w, x, y] = ['w', 'x', 'y'].map((name) => `gc-refused-${name}-${randomUUID()}`);
    const event = (n: number): NewEvent => ({ type: 'TelemetryEventRecorded', data: { eventType: `e${n}` } });
    // A writer in a transaction of its own takes x's first revision and has not committed yet.
    const outside = await pool.connect();
    await outside.query('BEGIN');
    await new PgEventStore(outside).append(x, [event(0)], { expectedState: 'no_stream' });
    // w's group is in flight (it set off in a turn of its own) while x's and y's appends wait, so those
    // two share the next group; it waits on the outside writer's row of x.
    const onWSent = serial.append(w, [event(0)], { expectedState: 'no_stream' });
    await new Promise((resolve) => setImmediate(resolve));
    const sent = [
      onWSent,
      // (y's `any` keeps the group off the exact appends' INSERT, which meets the row the same way but
      // hands the group to es_append_group: see the next test.)
      ...[x, y].map((id, n) =>
        serial.append(id, [event(n + 1)], { expectedState: id === y ? 'any' : 'no_stream' }),
      ),
    ];
    await new Promise((resolve) => setTimeout(resolve, 200));
    await outside.query('COMMIT');
    outside.release();
    const [onW, onX, onY] = await Promise.allSettled(sent);
    expect(onW.status).toBe('fulfilled');
    // x's append conflicts with the committed writer; y's, refused with it as a group, is stored alone.
    expect(onX).toMatchObject({ status: 'rejected', reason: expect.any(WrongExpectedVersionError) });
    expect(onY).toMatchObject({ status: 'fulfilled', value: { streamRevision: 0 } });
    expect(serial.groupCommitStats).toMatchObject({
      groups: 2,
      appends: 3,
      largestGroup: 2,
      retriedAlone: 1,
    });
    expect((await store.readStream(x)).map((e) => e.data)).toEqual([{ eventType: 'e0' }]);
    expect(await store.streamRevision(y)).toBe(0);
  });

  it('a group of exact appends to streams of their own is one INSERT; a taken revision hands it to es_append_group', async () => {
    const serial = new PgEventStore(pool, { groupCommit: { concurrency: 1 } });
    const streams = Array.from({ length: 5 }, (_, n) => `gc-exact-${n}-${randomUUID()}`);
    const event = (n: number): NewEvent => ({ type: 'TelemetryEventRecorded', data: { eventType: `e${n}` } });
    for (const stream of streams.slice(0, 3)) await store.append(stream, [0, 1].map(event)); // at revision 1
    const send = (plan: [number, ExpectedState, number][]) =>
      Promise.allSettled(
        plan.map(([index, expected, count]) =>
          serial.append(
            streams[index],
            Array.from({ length: count }, (_, n) => event(10 + n)),
            { expectedState: expected },
          ),
        ),
      );
    // Right revisions, a new stream, and a revision beyond the end (nothing inserted, a conflict).
    const first = await send([
      [0, 1, 2],
      [3, 'no_stream', 3],
      [1, 5, 1],
      [2, 1, 1],
    ]);
    expect(serial.groupCommitStats).toMatchObject({
      groups: 1,
      exactGroups: 1,
      exactRefused: 0,
      retriedAlone: 0,
    });
    expect(first.map((answer) => answer.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(first[2]).toMatchObject({ reason: expect.any(WrongExpectedVersionError) });
    expect((first[2] as PromiseRejectedResult).reason.actualRevision).toBe(1);
    const revisions = first.map((answer) =>
      answer.status === 'fulfilled' ? answer.value.streamRevision : null,
    );
    expect(revisions).toEqual([3, 2, null, 2]);
    // Each answer's position is its last event's, in the order the appends came.
    const last = await Promise.all(
      [0, 3, 2].map(async (index) => (await store.readStream(streams[index])).at(-1)!),
    );
    const answered = [first[0], first[1], first[3]].map(
      (answer) =>
        (answer as PromiseFulfilledResult<{ position: { position: bigint } }>).value.position.position,
    );
    expect(answered).toEqual(last.map((e) => e.position));
    expect(answered[0] < answered[1] && answered[1] < answered[2]).toBe(true);
    expect(await store.streamRevision(streams[1])).toBe(1);
    expect((await store.readStream(streams[3])).map((e) => e.revision)).toEqual([0, 1, 2]);

    // Stream 0 is at 3 now: an append still expecting 1 meets the unique index, which refuses the whole
    // INSERT (nothing of the group stored); es_append_group then answers each append on its own.
    const second = await send([
      [4, 'no_stream', 1],
      [0, 1, 1],
      [2, 2, 1],
    ]);
    expect(serial.groupCommitStats).toMatchObject({
      groups: 2,
      exactGroups: 1,
      exactRefused: 1,
      retriedAlone: 0,
    });
    expect(second.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((second[1] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
    expect(await store.streamRevision(streams[4])).toBe(0);
    expect(await store.streamRevision(streams[0])).toBe(3);
    expect(await store.streamRevision(streams[2])).toBe(3);
  });

  it('stores every acknowledged event once, in order and without gaps, and nothing refused', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(appendArbitrary, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 5 }),
        async (rounds) => {
          const run = randomUUID().slice(0, 8);
          const streamIds = [0, 1, 2].map((n) => `gc-${run}-${n}`);
          /** What the test believes each stream's revision is (from acknowledged appends). */
          const known = [-1, -1, -1];
          const acknowledged: { streamId: string; markers: string[]; revision: number }[] = [];
          const refused: string[] = [];
          const chosenSent: { events: NewEvent[]; markers: string[] }[] = [];
          for (const round of rounds) {
            const sends = round.map(async (append) => {
              const streamId = streamIds[append.stream];
              const expected: ExpectedState =
                append.expected.kind === 'revision'
                  ? Math.max(0, known[append.stream] + append.expected.offset)
                  : append.expected.kind;
              const reuse = append.ids === 'reused' ? chosenSent[chosenSent.length - 1] : undefined;
              const markers = reuse?.markers ?? Array.from({ length: append.events }, () => randomUUID());
              const events: NewEvent[] =
                reuse?.events ??
                markers.map((marker) => ({
                  type: 'TelemetryEventRecorded' as const,
                  data: { eventType: 'property', body: { marker } },
                  ...(append.ids === 'made-here' ? {} : { eventId: randomUUID() }),
                }));
              if (append.ids === 'chosen') chosenSent.push({ events, markers });
              try {
                const result = await store.append(streamId, events, { expectedState: expected });
                if (!result.idempotent)
                  acknowledged.push({ streamId, markers, revision: result.streamRevision });
              } catch (error) {
                if (
                  !(error instanceof WrongExpectedVersionError) &&
                  !(error instanceof DuplicateEventIdError)
                )
                  throw error;
                refused.push(...markers);
              }
            });
            await Promise.all(sends);
            for (const [index, streamId] of streamIds.entries())
              known[index] = await store.streamRevision(streamId);
          }

          const stored = await pool.query<{ stream_id: string; revision: string; marker: string }>(
            `SELECT stream_id, revision, data->'body'->>'marker' AS marker FROM es_events
              WHERE stream_id = ANY($1) ORDER BY transaction_id, position`,
            [streamIds],
          );
          const byMarker = new Map<string, { stream_id: string; revision: number }[]>();
          for (const row of stored.rows)
            byMarker.set(row.marker, [
              ...(byMarker.get(row.marker) ?? []),
              { stream_id: row.stream_id, revision: Number(row.revision) },
            ]);
          // Each acknowledged event once, in its stream, its last event at the answered revision.
          for (const append of acknowledged) {
            append.markers.forEach((marker, index) => {
              expect(byMarker.get(marker)).toEqual([
                {
                  stream_id: append.streamId,
                  revision: append.revision - (append.markers.length - 1) + index,
                },
              ]);
            });
          }
          // Nothing refused (unless a retry of it was acknowledged later); nothing not acknowledged.
          const acknowledgedMarkers = new Set(acknowledged.flatMap((append) => append.markers));
          for (const marker of refused.filter((m) => !acknowledgedMarkers.has(m)))
            expect(byMarker.has(marker)).toBe(false);
          expect(stored.rowCount).toBe(acknowledged.reduce((sum, append) => sum + append.markers.length, 0));
          // No gaps: each stream's revisions are 0..n-1, rising along the global order.
          for (const streamId of streamIds) {
            const revisions = stored.rows
              .filter((row) => row.stream_id === streamId)
              .map((r) => Number(r.revision));
            expect(revisions).toEqual(revisions.map((_, index) => index));
          }
          // The global read returns each of them once, in the same order.
          const all = await store.readAll(ZERO_POSITION, 1_000_000);
          const ours = all.filter((event) => streamIds.includes(event.streamId));
          expect(ours.map((event) => [event.streamId, event.revision])).toEqual(
            stored.rows.map((row) => [row.stream_id, Number(row.revision)]),
          );
        },
      ),
      { numRuns: 40 },
    );
    // Groups of several appends were formed, and none had to be taken apart (the decision, not the
    // unique index, kept two appends of one group off the same revision).
    const stats = store.groupCommitStats!;
    expect(stats.largestGroup).toBeGreaterThan(1);
    expect(stats.appends).toBeGreaterThan(stats.groups);
    expect(stats.retriedAlone).toBe(0);
  });
});
