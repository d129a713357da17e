import type { RecordedEvent } from '@app/contracts';
import { recordedEvents } from '@app/server-kit';
import { projections } from '../read-models';
import { ProjectionScenario } from './testing/projection-scenario';
import { everyKindLog as given } from './testing/every-kind-log';
import { replayInScratch } from './replay';

describe('replay into scratch tables', () => {
  let scenario: ProjectionScenario;
  let log: RecordedEvent[];
  beforeAll(async () => {
    scenario = await ProjectionScenario.start();
    log = recordedEvents(given);
  });
  afterAll(() => scenario.stop());

  /** Every row of the tables as the scenario orders them, read with the given client. */
  const rowsWith = async (db: { query: typeof scenario.pool.query }, tables: readonly string[]) => {
    const rows: Record<string, unknown[]> = {};
    for (const table of tables)
      rows[table] = (await db.query(`SELECT * FROM ${table} ORDER BY (${table}.*)::text`)).rows;
    return rows;
  };

  const cuts = [0, 3, 7, 12, 16, given.length];

  it.each(projections.map((projection) => [projection.name, projection] as const))(
    '%s: replayed up to each position equals the live read model built up to it, and leaves the live one alone',
    async (_name, projection) => {
      for (const cut of cuts) {
        const upTo = log.slice(0, cut);
        const live = await scenario.given(projection, upTo, { batchSize: 1 });
        // The live tables hold something else meanwhile: the replay must not read or touch them.
        await scenario.given(projection, log, { batchSize: log.length });
        const before = await scenario.rows(projection);
        const replayed = await replayInScratch(scenario.pool, [projection], upTo, (scratch) =>
          rowsWith(scratch, projection.tables),
        );
        expect({ cut, rows: replayed }).toEqual({ cut, rows: live });
        expect(await scenario.rows(projection)).toEqual(before);
      }
    },
  );
});
