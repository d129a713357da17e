import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { MAX_EVENT_DATA_BYTES, ZERO_POSITION, comparePositions, type EventPosition } from '@app/contracts';
import { PgEventStore, type NewEvent } from './event-store';
import { createPool, eventStoreMigrations, migrate } from './database';
import { DuplicateEventIdError, InvalidAppendError, WrongExpectedVersionError } from './errors';

let db: TestDatabase;
let pool: Pool;
let store: PgEventStore;

beforeAll(async () => {
  db = await createTestDatabase((url) => migrate(url, eventStoreMigrations));
  pool = createPool(db.url, { max: 40 });
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

const click = (code = 'ada', eventId?: string): NewEvent => ({
  type: 'AffiliateLinkClicked',
  data: { affiliateCode: code, landingPath: '/product' },
  eventId,
});
const telemetry = (eventType = 'ui-error'): NewEvent => ({
  type: 'TelemetryEventRecorded',
  data: { eventType, body: { message: 'x' } },
});
const stream = () => `test-${randomUUID()}`;
const countEvents = async (streamId: string) =>
  Number((await pool.query('SELECT count(*) FROM es_events WHERE stream_id = $1', [streamId])).rows[0].count);

// Every test runs twice: with concurrent appends sharing a transaction (the default), and one
// transaction per append.
describe.each([
  ['with group commit', true],
  ['one transaction per append', false],
])('event store %s', (_mode, groupCommit) => {
  beforeAll(() => {
    store = new PgEventStore(pool, { groupCommit });
  });

  describe('append and read a stream', () => {
    it('stores events with 0-based revisions and full metadata, readable both ways', async () => {
      const id = stream();
      const first = await store.append(id, [click('a'), click('b')], {
        expectedState: 'no_stream',
        actor: { kind: 'user', id: 'u1' },
        correlationId: 'corr-1',
      });
      expect(first.streamRevision).toBe(1);
      await store.append(id, [click('c')], { expectedState: 1 });

      const forwards = await store.readStream(id);
      expect(forwards.map((e) => [e.revision, (e.data as { affiliateCode: string }).affiliateCode])).toEqual([
        [0, 'a'],
        [1, 'b'],
        [2, 'c'],
      ]);
      const meta = forwards[0].metadata;
      expect(meta).toMatchObject({
        correlationId: 'corr-1',
        causationId: 'corr-1',
        actor: { kind: 'user', id: 'u1' },
      });
      expect(meta.schemaVersion).toBe(2);
      expect(meta.eventId).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Date(meta.occurredAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

      // A batch's first event is the decision; the others name it as their cause.
      const batch = stream();
      await store.append(batch, [click('d'), click('e'), click('f')], { correlationId: 'corr-2' });
      const [head, ...rest] = await store.readStream(batch);
      expect(head.metadata.causationId).toBe('corr-2');
      expect(rest.map((e) => e.metadata.causationId)).toEqual([head.metadata.eventId, head.metadata.eventId]);

      // Every member of the metadata and nothing else; a cause given is every event's (quotes escaped).
      const caused = stream();
      const occurredAt = new Date('2026-11-28T01:02:03.004Z');
      await store.append(caused, [click('g'), click('h')], {
        correlationId: 'corr-3',
        causationId: 'cause "3"',
        occurredAt,
      });
      const [g, h] = await store.readStream(caused);
      expect(g.metadata).toEqual({
        eventId: g.metadata.eventId,
        correlationId: 'corr-3',
        causationId: 'cause "3"',
        actor: { kind: 'system' },
        occurredAt: '2026-11-28T01:02:03.004Z',
        schemaVersion: 2,
      });
      expect(h.metadata).toMatchObject({ correlationId: 'corr-3', causationId: 'cause "3"' });
      expect(h.metadata.eventId).not.toBe(g.metadata.eventId);

      const backwards = await store.readStream(id, { direction: 'backwards', maxCount: 2 });
      expect(backwards.map((e) => e.revision)).toEqual([2, 1]);
      const fromOne = await store.readStream(id, { fromRevision: 1, maxCount: 1 });
      expect(fromOne.map((e) => e.revision)).toEqual([1]);
    });

    it('checks every expected state and answers the typed conflict error with the actual revision', async () => {
      const id = stream();
      await expect(store.append(id, [click()], { expectedState: 'stream_exists' })).rejects.toBeInstanceOf(
        WrongExpectedVersionError,
      );
      await expect(store.append(id, [click()], { expectedState: 0 })).rejects.toMatchObject({
        code: 'WRONG_EXPECTED_VERSION',
        actualRevision: -1,
      });
      await store.append(id, [click()], { expectedState: 'no_stream' });
      await expect(store.append(id, [click()], { expectedState: 'no_stream' })).rejects.toMatchObject({
        actualRevision: 0,
      });
      await store.append(id, [click()], { expectedState: 'stream_exists' });
      await expect(store.append(id, [click()], { expectedState: 0 })).rejects.toMatchObject({
        actualRevision: 1,
      });
      await store.append(id, [click()], { expectedState: 1 });
      await store.append(id, [click()], { expectedState: 'any' });
      expect(await countEvents(id)).toBe(4);
    });

    it('upcasts old stored versions on read', async () => {
      const id = stream();
      await pool.query(
        `INSERT INTO es_events (stream_id, revision, event_id, type, version, data, metadata)
       VALUES ($1, 0, $2, 'AffiliateLinkClicked', 1, '{"affiliateCode":"old"}', $3)`,
        [id, randomUUID(), JSON.stringify({ schemaVersion: 1 })],
      );
      const [event] = await store.readStream(id);
      expect(event.storedVersion).toBe(1);
      expect(event.data).toEqual({ affiliateCode: 'old', landingPath: null });
    });
  });

  describe('concurrency and idempotency', () => {
    it('lets exactly one of 32 concurrent writers on one stream win each round; losers get the conflict error', async () => {
      const id = stream();
      await store.append(id, [click()], { expectedState: 'no_stream' });
      for (let round = 0; round < 5; round++) {
        const results = await Promise.allSettled(
          Array.from({ length: 32 }, () => store.append(id, [click()], { expectedState: round })),
        );
        const winners = results.filter((r) => r.status === 'fulfilled');
        const losers = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(winners).toHaveLength(1);
        expect(losers).toHaveLength(31);
        for (const loser of losers) {
          expect(loser.reason).toBeInstanceOf(WrongExpectedVersionError);
          expect((loser.reason as WrongExpectedVersionError).actualRevision).toBe(round + 1);
        }
      }
      const revisions = (await store.readStream(id)).map((e) => e.revision);
      expect(revisions).toEqual([0, 1, 2, 3, 4, 5]);
    });

    it('serialises 32 concurrent writers with expected any into distinct consecutive revisions', async () => {
      const id = stream();
      await Promise.all(Array.from({ length: 32 }, () => store.append(id, [click(), click()])));
      const revisions = (await store.readStream(id)).map((e) => e.revision);
      expect(revisions).toEqual(Array.from({ length: 64 }, (_, i) => i));
    });

    it('stores a retried append with the same event ids once and answers the same position', async () => {
      const id = stream();
      const ids = [randomUUID(), randomUUID()];
      const first = await store.append(id, [click('a', ids[0]), click('b', ids[1])], {
        expectedState: 'no_stream',
      });
      const retry = await store.append(id, [click('a', ids[0]), click('b', ids[1])], {
        expectedState: 'no_stream',
      });
      expect(first.idempotent).toBe(false);
      expect(retry.idempotent).toBe(true);
      expect(comparePositions(first.position, retry.position)).toBe(0);
      expect(await countEvents(id)).toBe(2);
    });

    it('stores a double click (the same id sent concurrently) once', async () => {
      const id = stream();
      const eventId = randomUUID();
      const results = await Promise.all(
        Array.from({ length: 8 }, () => store.append(id, [click('x', eventId)])),
      );
      expect(results.filter((r) => !r.idempotent)).toHaveLength(1);
      expect(await countEvents(id)).toBe(1);
    });

    it('refuses an event id reused for different content in the same stream', async () => {
      const id = stream();
      const eventId = randomUUID();
      await store.append(id, [click('a', eventId)]);
      await expect(store.append(id, [click('b', eventId)])).rejects.toBeInstanceOf(DuplicateEventIdError);
      expect(await countEvents(id)).toBe(1);
    });

    it('answers the duplicate error (not a database error) when one id races into two streams', async () => {
      const eventId = randomUUID();
      const held = await pool.connect();
      try {
        await held.query('BEGIN');
        await new PgEventStore(held).append(stream(), [click('a', eventId)]);
        const racing = store.append(stream(), [click('a', eventId)]).catch((error: unknown) => error);
        await new Promise((r) => setTimeout(r, 100));
        await held.query('COMMIT');
        expect(await racing).toBeInstanceOf(DuplicateEventIdError);
      } finally {
        held.release();
      }
    });

    it('refuses an event id already stored in another stream, storing nothing', async () => {
      const eventId = randomUUID();
      await store.append(stream(), [click('x', eventId)]);
      const other = stream();
      await expect(store.append(other, [click('y'), click('x', eventId)])).rejects.toBeInstanceOf(
        DuplicateEventIdError,
      );
      expect(await countEvents(other)).toBe(0);
    });
  });

  describe('bad input is refused and nothing is stored', () => {
    const cases: [string, () => NewEvent[]][] = [
      ['an unknown type', () => [{ type: 'NoSuchEvent', data: {} } as unknown as NewEvent]],
      [
        'data not matching its schema',
        () => [{ type: 'AffiliateLinkClicked', data: { affiliateCode: '' } } as NewEvent],
      ],
      [
        'a wrong field type',
        () => [{ type: 'TelemetryEventRecorded', data: { eventType: 42 } } as unknown as NewEvent],
      ],
      [
        'an oversized payload',
        () => [
          {
            type: 'TelemetryEventRecorded',
            data: { eventType: 'big', body: 'x'.repeat(MAX_EVENT_DATA_BYTES + 1) },
          },
        ],
      ],
      ['a bad event id', () => [click('a', 'not-a-uuid')]],
      ['a NUL character', () => [{ type: 'TelemetryEventRecorded', data: { eventType: 'a\u0000b' } }]],
      [
        'an unpaired surrogate in a key',
        () => [{ type: 'TelemetryEventRecorded', data: { eventType: 'x', body: { ['\ud800']: 1 } } }],
      ],
      [
        'data nested too deeply',
        () => [
          {
            type: 'TelemetryEventRecorded',
            data: { eventType: 'x', body: JSON.parse('['.repeat(5000) + ']'.repeat(5000)) },
          },
        ],
      ],
      ['an empty append', () => []],
      [
        'one bad event among good ones',
        () => [click('a'), { type: 'Nope', data: {} } as unknown as NewEvent],
      ],
    ];
    it.each(cases)('refuses %s', async (_, events) => {
      const id = stream();
      const error = await store.append(id, events()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidAppendError);
      expect((error as InvalidAppendError).code).toMatch(
        /^(UNKNOWN_EVENT_TYPE|INVALID_EVENT_DATA|EVENT_TOO_LARGE|VALIDATION_FAILED)$/,
      );
      expect(await countEvents(id)).toBe(0);
    });

    it('names the codes precisely', async () => {
      await expect(
        store.append(stream(), [{ type: 'Nope', data: {} } as unknown as NewEvent]),
      ).rejects.toMatchObject({
        code: 'UNKNOWN_EVENT_TYPE',
      });
      await expect(
        store.append(stream(), [
          {
            type: 'TelemetryEventRecorded',
            data: { eventType: 'big', body: 'x'.repeat(MAX_EVENT_DATA_BYTES) },
          },
        ]),
      ).rejects.toMatchObject({ code: 'EVENT_TOO_LARGE' });
      await expect(store.append('bad stream id!', [click()])).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
      });
    });
  });

  describe('global read', () => {
    async function readEverything(from: EventPosition) {
      const seen: string[] = [];
      let checkpoint = from;
      for (;;) {
        const batch = await store.readAll(checkpoint, 100);
        if (batch.length === 0) return { seen, checkpoint };
        for (const event of batch) seen.push(event.metadata.eventId);
        const last = batch[batch.length - 1];
        checkpoint = { transactionId: last.transactionId, position: last.position };
      }
    }

    it('never skips an event whose transaction commits after a later one (out-of-order commit)', async () => {
      const start = (await readEverything(ZERO_POSITION)).checkpoint;
      const slow = await pool.connect();
      try {
        const slowId = randomUUID();
        const fastId = randomUUID();
        await slow.query('BEGIN');
        // The slow transaction takes its position first ...
        await new PgEventStore(slow).append(stream(), [click('slow', slowId)]);
        // ... a later append commits first with a higher position ...
        await store.append(stream(), [click('fast', fastId)]);
        // ... a reader polling now must not move its checkpoint past the slow event.
        const during = await readEverything(start);
        expect(during.seen).not.toContain(fastId);
        expect(during.seen).not.toContain(slowId);
        await slow.query('COMMIT');
        const after = await readEverything(during.checkpoint);
        expect(after.seen).toEqual(expect.arrayContaining([slowId, fastId]));
        expect(after.seen.indexOf(slowId)).toBeLessThan(after.seen.indexOf(fastId));
      } finally {
        slow.release();
      }
    });

    it('reads every committed event exactly once in (transaction, position) order under concurrent appends', async () => {
      const start = (await readEverything(ZERO_POSITION)).checkpoint;
      const appended: string[] = [];
      const collected: string[] = [];
      let checkpoint = start;
      let writing = true;
      const reader = (async () => {
        while (writing || collected.length < appended.length) {
          const batch = await store.readAll(checkpoint, 50);
          for (const e of batch) collected.push(e.metadata.eventId);
          if (batch.length) {
            const last = batch[batch.length - 1];
            checkpoint = { transactionId: last.transactionId, position: last.position };
          } else await new Promise((r) => setTimeout(r, 2));
        }
      })();
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          for (let i = 0; i < 25; i++) {
            const eventId = randomUUID();
            await store.append(stream(), [{ ...telemetry(), eventId }]);
            appended.push(eventId);
          }
        }),
      );
      writing = false;
      await reader;
      expect(new Set(collected).size).toBe(collected.length);
      expect([...collected].sort()).toEqual([...appended].sort());
    });

    it('orders by transaction id as a number, also across a change in its digit count', async () => {
      const before = await store.append(stream(), [telemetry()]);
      const nextPowerOfTen = 10n ** BigInt(before.position.transactionId.toString().length);
      // Burn transaction ids with subtransactions that write, so the next append's id has one more digit.
      await pool.query(`CREATE TEMP TABLE IF NOT EXISTS burn (x int)`);
      await pool.query(
        `DO $$ BEGIN FOR i IN 1..${Number(nextPowerOfTen - before.position.transactionId) + 5} LOOP
         BEGIN INSERT INTO burn VALUES (i); EXCEPTION WHEN others THEN NULL; END; END LOOP; END $$`,
      );
      const after = await store.append(stream(), [telemetry()]);
      expect(after.position.transactionId).toBeGreaterThan(nextPowerOfTen);
      const from = { transactionId: before.position.transactionId, position: before.position.position - 1n };
      const read = await store.readAll(from, 1000);
      expect(read[0].position).toBe(before.position.position);
      expect(read.map((e) => e.position)).toContain(after.position.position);
      let head = await store.head();
      for (let i = 0; i < 200 && comparePositions(head.position!, after.position) < 0; i++) {
        await new Promise((r) => setTimeout(r, 10));
        head = await store.head();
      }
      expect(comparePositions(head.position!, after.position)).toBe(0);
    });

    it('reports the head position', async () => {
      const result = await store.append(stream(), [telemetry()]);
      // Visible to global readers once no older transaction is running (usually at once).
      let head = await store.head();
      for (
        let i = 0;
        i < 200 && (!head.position || comparePositions(head.position, result.position) < 0);
        i++
      ) {
        await new Promise((r) => setTimeout(r, 10));
        head = await store.head();
      }
      expect(head.position && comparePositions(head.position, result.position)).toBe(0);
    });
  });
});
