import type { Pool } from 'pg';
import { ANALYTICS_ROLE, type RecordedEvent } from '@app/contracts';
import {
  type GivenEvent,
  type TestDatabase,
  createPool,
  createTestDatabase,
  eventStoreMigrations,
  migrate,
  recordedEvents,
} from '@app/server-kit';
import { readModelMigrations } from '../../infrastructure/migrations';
import type { Projection } from '../projection';

/** Every row of each of a projection's tables, in a stable order. */
export type ProjectionRows = Record<string, Record<string, unknown>[]>;

/**
 * Given/When/Then for a projection, against real PostgreSQL (a fresh database per suite, with every
 * migration): given events, when projected in batches as the runner would (each batch in one
 * transaction), then the rows of its tables, or what its query answers. `rebuildEqualsLive` checks
 * that replaying the same events in one batch on emptied tables gives exactly the rows the live run
 * gave batch by batch.
 *
 *   const scenario = await ProjectionScenario.start();           // beforeAll
 *   await scenario.given(projection, [{ type, data }, ...]);     // batches of 1 by default
 *   expect(await scenario.rows(projection)).toEqual(...);
 *   await scenario.stop();                                       // afterAll
 */
export class ProjectionScenario {
  private constructor(
    private readonly db: TestDatabase,
    readonly pool: Pool,
  ) {}

  static async start(): Promise<ProjectionScenario> {
    const db = await createTestDatabase(async (url) => {
      await migrate(url, eventStoreMigrations);
      await migrate(url, readModelMigrations);
    });
    return new ProjectionScenario(db, createPool(db.url, { max: 4 }));
  }

  async stop(): Promise<void> {
    await this.pool.end();
    await this.db.drop();
  }

  /** Rows of a query run as the analysts' database role reads (analytics views), in a transaction that changes nothing. */
  async asAnalyst<Row extends Record<string, unknown> = Record<string, unknown>>(
    sql: string,
  ): Promise<Row[]> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SET LOCAL ROLE ${ANALYTICS_ROLE}`);
      return (await client.query<Row>(sql)).rows;
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
    }
  }

  /** Recorded events from given ones (typed by the catalogue), numbered in the order given. */
  events(given: readonly GivenEvent[]): RecordedEvent[] {
    return recordedEvents(given);
  }

  /**
   * Empties the projection's tables, then applies the events in batches of `batchSize` (each batch
   * in one transaction, as the runner commits it with the checkpoint). Answers the rows.
   */
  async given(
    projection: Projection,
    given: readonly (GivenEvent | RecordedEvent)[],
    options: { batchSize?: number } = {},
  ): Promise<ProjectionRows> {
    const events = given.every(isRecorded) ? given : recordedEvents(given.filter(isGiven));
    await this.truncate(projection);
    const batchSize = options.batchSize ?? 1;
    for (let start = 0; start < events.length; start += batchSize)
      await this.applyBatch(projection, events.slice(start, start + batchSize));
    return this.rows(projection);
  }

  /** Applies one more batch on top of what is there (a redelivery, a late event). */
  async applyBatch(projection: Projection, events: readonly RecordedEvent[]): Promise<void> {
    const handled = new Set<string>(projection.eventTypes);
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await projection.apply(
        events.filter((event) => handled.has(event.type)),
        client,
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }

  /** Every row of each table of the projection, ordered by the whole row. */
  async rows(projection: Projection): Promise<ProjectionRows> {
    const rows: ProjectionRows = {};
    for (const table of projection.tables)
      rows[table] = (await this.pool.query(`SELECT * FROM ${table} ORDER BY (${table}.*)::text`)).rows;
    return rows;
  }

  /**
   * The live run (batches of `liveBatchSize`) and a rebuild (one batch on emptied tables) of the
   * same events give the same rows; answers them.
   */
  async rebuildEqualsLive(
    projection: Projection,
    given: readonly GivenEvent[],
    liveBatchSize = 1,
  ): Promise<ProjectionRows> {
    const events = recordedEvents(given);
    const live = await this.given(projection, events, { batchSize: liveBatchSize });
    const rebuilt = await this.given(projection, events, { batchSize: events.length || 1 });
    expect(rebuilt).toEqual(live);
    return live;
  }

  private async truncate(projection: Projection): Promise<void> {
    await this.pool.query(`TRUNCATE ${projection.tables.join(', ')}`);
  }
}

function isRecorded(event: GivenEvent | RecordedEvent): event is RecordedEvent {
  return 'position' in event;
}

function isGiven(event: GivenEvent | RecordedEvent): event is GivenEvent {
  return !isRecorded(event);
}
