import pino from 'pino';
import { DomainError, type RecordedEvent, ZERO_POSITION, formatPosition } from '@app/contracts';
import { PgEventStore } from '@app/server-kit';
import { projections } from '../read-models';
import { ProjectionScenario } from './testing/projection-scenario';
import { everyKindLog } from './testing/every-kind-log';
import { ProjectionSnapshots } from './snapshots';

/*
 * Read-model snapshots against real PostgreSQL: the recorded log that feeds every kind of read model
 * is appended to the store, then each read model is built "as of" positions in it, into a schema of
 * its own, and compared with the live read model built up to the same event.
 */

let scenario: ProjectionScenario;
let store: PgEventStore;
let snapshots: ProjectionSnapshots;
let stored: RecordedEvent[];

beforeAll(async () => {
  scenario = await ProjectionScenario.start();
  store = new PgEventStore(scenario.pool, { notify: false });
  const startAt = Date.parse('2026-11-22T00:00:00.000Z');
  for (const [index, event] of everyKindLog.entries()) {
    await store.append(event.streamId ?? 'test-stream', [event], {
      occurredAt: new Date(startAt + (index + 1) * 1000),
    });
  }
  stored = await store.readAll(ZERO_POSITION, 1000);
  snapshots = new ProjectionSnapshots(scenario.pool, store, projections, pino({ level: 'silent' }));
});
afterAll(() => scenario.stop());

/** Waits for the background build to end; answers the snapshot. */
async function settled(snapshotId: string) {
  for (let attempt = 0; attempt < 600; attempt++) {
    const snapshot = await snapshots.get(snapshotId);
    if (snapshot.state !== 'building') return snapshot;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`snapshot ${snapshotId} still building after 30 s`);
}

/** Every row of the tables in a schema, ordered by the whole row. */
async function rowsIn(schema: string, tables: readonly string[]) {
  const rows: Record<string, unknown[]> = {};
  for (const table of tables)
    rows[table] = (await scenario.pool.query(`SELECT * FROM ${schema}.${table} t ORDER BY (t.*)::text`)).rows;
  return rows;
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
  );

describe('read-model snapshots', () => {
  it('the log was appended whole', () => {
    expect(stored).toHaveLength(everyKindLog.length);
  });

  it.each(projections.map((projection) => [projection.name, projection] as const))(
    '%s: built as of a position equals the live read model built up to that event',
    async (_name, projection) => {
      for (const cut of [3, 12, everyKindLog.length]) {
        const live = await scenario.given(projection, stored.slice(0, cut), { batchSize: 1 });
        const started = await snapshots.start(projection.name, stored[cut - 1], null);
        expect(started).toMatchObject({ projection: projection.name, total: cut, tables: projection.tables });
        const ready = await settled(started.snapshotId);
        expect(ready).toMatchObject({ state: 'ready', done: cut, total: cut, error: null });
        expect({ cut, rows: await rowsIn(ready.schema, projection.tables) }).toEqual({ cut, rows: live });
        await snapshots.drop(ready.snapshotId);
      }
    },
  );

  it('analysts read a ready snapshot through the analytics views of its own tables, and not its tables', async () => {
    const published: string[] = [];
    for (const projection of projections) {
      await scenario.given(projection, stored, { batchSize: stored.length });
      const ready = await settled((await snapshots.start(projection.name, stored.at(-1)!, null)).snapshotId);
      const { rows: views } = await scenario.pool.query<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.views WHERE table_schema = $1 ORDER BY 1`,
        [ready.schema],
      );
      for (const { name } of views) {
        // As of the last event, the snapshot's view shows what the analytics view shows over the live model.
        const asOf = await scenario.asAnalyst(`SELECT * FROM ${ready.schema}.${name} t ORDER BY (t.*)::text`);
        const live = await scenario.asAnalyst(`SELECT * FROM analytics.${name} t ORDER BY (t.*)::text`);
        expect({ view: name, rows: asOf }).toEqual({ view: name, rows: live });
        published.push(name);
      }
      for (const table of projection.tables) {
        await expect(scenario.asAnalyst(`SELECT * FROM ${ready.schema}.${table}`)).rejects.toThrow(
          /permission denied/,
        );
      }
      await snapshots.drop(ready.snapshotId);
      await expect(scenario.asAnalyst(`SELECT 1 FROM ${ready.schema}.learners`)).rejects.toThrow(
        /does not exist/,
      );
    }
    // Every analytics view over one read model's tables, once each (the others join several, or read the
    // platform's own tables).
    expect(published.sort()).toEqual(
      expect.arrayContaining(['learners', 'latest_submissions', 'telemetry_daily', 'affiliate_clicks_daily']),
    );
    expect(new Set(published).size).toBe(published.length);
  });

  it('pages a table of a ready snapshot, and refuses tables it does not hold', async () => {
    const projection = projections.find((p) => p.name === 'catalogue')!;
    const live = await scenario.given(projection, stored, { batchSize: stored.length });
    const [table, liveRows] = Object.entries(live).sort((a, b) => b[1].length - a[1].length)[0];
    expect(liveRows.length).toBeGreaterThan(1);
    const staffId = 'a2b3c4d5-0000-4000-8000-000000000001';
    const ready = await settled(
      (await snapshots.start('catalogue', stored[stored.length - 1], staffId)).snapshotId,
    );
    expect(ready.requestedBy).toBe(staffId);
    const pages = [];
    for (let offset = 0; offset < liveRows.length; offset++) {
      const page = await snapshots.rows(ready.snapshotId, table, 1, offset);
      expect(page).toMatchObject({ total: liveRows.length, columns: Object.keys(liveRows[0] as object) });
      pages.push(...page.rows);
    }
    expect(pages).toEqual(liveRows);
    expect(await codeOf(snapshots.rows(ready.snapshotId, 'es_events', 10, 0))).toBe('NOT_FOUND');
    await snapshots.drop(ready.snapshotId);
  });

  it('drops the schema; a dropped or unknown snapshot has no rows', async () => {
    const ready = await settled((await snapshots.start('submissions', stored[5], null)).snapshotId);
    const schemaExists = async () =>
      (
        await scenario.pool.query('SELECT 1 FROM information_schema.schemata WHERE schema_name = $1', [
          ready.schema,
        ])
      ).rowCount;
    expect(await schemaExists()).toBe(1);
    expect(await snapshots.drop(ready.snapshotId)).toMatchObject({ state: 'dropped' });
    expect(await schemaExists()).toBe(0);
    expect(await codeOf(snapshots.rows(ready.snapshotId, ready.tables[0], 10, 0))).toBe('VALIDATION_FAILED');
    expect(await codeOf(snapshots.get('00000000-0000-4000-8000-000000000000'))).toBe('NOT_FOUND');
  });

  it('refuses an unknown projection, a position beyond the last event, and a third build at once', async () => {
    expect(await codeOf(snapshots.start('no-such-model', stored[0], null))).toBe('NOT_FOUND');
    const beyond = { ...stored[stored.length - 1], position: stored[stored.length - 1].position + 1n };
    expect(await codeOf(snapshots.start('user-access', beyond, null))).toBe('INVALID_POSITION');
    // Two builds in progress (as another process would have them).
    await scenario.pool.query(
      `INSERT INTO projection_snapshots (snapshot_id, projection, schema_name, target_transaction_id,
         target_position, state, total)
       VALUES ('00000000-0000-4000-8000-0000000000b1', 'user-access', 'rm_snapshot_busy1', '1', 1, 'building', 1),
              ('00000000-0000-4000-8000-0000000000b2', 'user-access', 'rm_snapshot_busy2', '1', 1, 'building', 1)`,
    );
    const before = (await snapshots.list()).length;
    expect(await codeOf(snapshots.start('user-access', stored[0], null))).toBe('SNAPSHOT_BUSY');
    expect(await snapshots.list()).toHaveLength(before);
    // A build whose builder stopped (no step for minutes) is failed at the next start; a fresh one stays.
    await scenario.pool.query(
      `UPDATE projection_snapshots SET updated_at = clock_timestamp() - interval '5 minutes'
        WHERE snapshot_id = '00000000-0000-4000-8000-0000000000b1'`,
    );
    await snapshots.markInterrupted();
    const states = Object.fromEntries((await snapshots.list()).map((s) => [s.snapshotId, s.state]));
    expect(states['00000000-0000-4000-8000-0000000000b1']).toBe('failed');
    expect(states['00000000-0000-4000-8000-0000000000b2']).toBe('building');
    await scenario.pool.query(
      `DELETE FROM projection_snapshots WHERE snapshot_id::text LIKE '%0000000000b_'`,
    );
  });

  it('as of the start, a read model is empty', async () => {
    const ready = await settled((await snapshots.start('user-access', ZERO_POSITION, null)).snapshotId);
    expect(ready).toMatchObject({
      state: 'ready',
      total: 0,
      done: 0,
      position: formatPosition(ZERO_POSITION),
    });
    expect(await rowsIn(ready.schema, ['rm_user_access'])).toEqual({ rm_user_access: [] });
    await snapshots.drop(ready.snapshotId);
  });
});
