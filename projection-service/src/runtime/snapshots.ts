import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import type { Logger } from 'pino';
import {
  ANALYTICS_ROLE,
  DomainError,
  type EventPosition,
  type ProjectionSnapshot,
  ZERO_POSITION,
  comparePositions,
  formatPosition,
} from '@app/contracts';
import type { PgEventStore } from '@app/server-kit';
import type { Projection } from './projection';

/** Events read per step; each step is one transaction, so progress shows as it goes. */
const SNAPSHOT_BATCH = 5000;
/** Snapshots built at once: each reads the store from its start, beside the live projections. */
const MAX_BUILDING = 2;

type SnapshotRow = {
  snapshot_id: string;
  projection: string;
  schema_name: string;
  target_transaction_id: string;
  target_position: string;
  state: ProjectionSnapshot['state'];
  total: string;
  done: string;
  requested_by: string | null;
  started_at: Date;
  finished_at: Date | null;
  error: string | null;
};

const COLUMNS = `snapshot_id, projection, schema_name, target_transaction_id::text AS target_transaction_id,
  target_position, state, total, done, requested_by, started_at, finished_at, error`;

/**
 * Read-model snapshots: one projection's read model rebuilt "as of" a position into a schema of its own
 * (`rm_snapshot_<id>`), by the projection's own `apply` over the events up to there, in steps that
 * commit with their progress; then queried by staff, then dropped. The copies are made `LIKE` the live
 * tables (same columns, keys and indexes), and each step sets the search path to the snapshot's schema
 * first, so the projection's SQL, unchanged, writes the copies. A read model that also reads another
 * read model's tables reads those as they are now (the schema holds copies of its own tables only).
 */
export class ProjectionSnapshots {
  /** Snapshots this process is building, so a drop can stop one between steps. */
  private readonly building = new Map<string, { stop: boolean }>();

  constructor(
    private readonly pool: Pool,
    private readonly store: PgEventStore,
    private readonly projections: readonly Projection[],
    private readonly logger: Logger,
  ) {}

  /**
   * Snapshots left building by a stopped process are failed: nothing will finish them. A builder moves
   * `updated_at` at every step, so one another process is still building (a step takes seconds) is left.
   */
  async markInterrupted(): Promise<void> {
    await this.pool.query(
      `UPDATE projection_snapshots SET state = 'failed', error = 'The service stopped while it was being built.',
              finished_at = clock_timestamp()
        WHERE state = 'building' AND updated_at < clock_timestamp() - interval '2 minutes'`,
    );
  }

  async list(): Promise<ProjectionSnapshot[]> {
    const { rows } = await this.pool.query<SnapshotRow>(
      `SELECT ${COLUMNS} FROM projection_snapshots ORDER BY started_at DESC, snapshot_id LIMIT 100`,
    );
    return rows.map((row) => this.toSnapshot(row));
  }

  async get(snapshotId: string): Promise<ProjectionSnapshot> {
    return this.toSnapshot(await this.row(snapshotId));
  }

  /**
   * Starts building `projection` as of `position` and answers at once; the build goes on in the
   * background. Refused beyond the store's head, and while two others are building.
   */
  async start(projectionName: string, position: EventPosition, requestedBy: string | null) {
    const projection = this.projections.find((p) => p.name === projectionName);
    if (!projection) throw new DomainError('NOT_FOUND', `There is no projection named ${projectionName}.`);
    const head = (await this.store.head()).position ?? ZERO_POSITION;
    if (comparePositions(position, head) > 0) {
      throw new DomainError(
        'INVALID_POSITION',
        `Position ${formatPosition(position)} is beyond the last event (${formatPosition(head)}).`,
      );
    }
    const total = comparePositions(position, ZERO_POSITION) === 0 ? 0 : await this.store.count(position);
    const snapshotId = randomUUID();
    const schema = `rm_snapshot_${snapshotId.replaceAll('-', '').slice(0, 12)}`;
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      // One start at a time decides the limit (the lock is the transaction's).
      await client.query(`SELECT pg_advisory_xact_lock(hashtext('projection_snapshots'))`);
      const { rows } = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM projection_snapshots WHERE state = 'building'`,
      );
      if (Number(rows[0].n) >= MAX_BUILDING) {
        throw new DomainError(
          'SNAPSHOT_BUSY',
          `${MAX_BUILDING} snapshots are being built; start this one when one of them is ready.`,
        );
      }
      await client.query(`CREATE SCHEMA ${schema}`);
      for (const table of projection.tables)
        await client.query(`CREATE TABLE ${schema}.${table} (LIKE public.${table} INCLUDING ALL)`);
      if (total === 0) await publishForAnalysts(client, schema, projection, formatPosition(position));
      await client.query(
        `INSERT INTO projection_snapshots (snapshot_id, projection, schema_name, target_transaction_id,
           target_position, state, total, done, requested_by, finished_at)
         VALUES ($1, $2, $3, $4::text::xid8, $5, $8, $6, 0, $7,
                 CASE WHEN $8 = 'ready' THEN clock_timestamp() END)`,
        [
          snapshotId,
          projection.name,
          schema,
          position.transactionId.toString(),
          position.position.toString(),
          total,
          requestedBy,
          // With no event up to the position there is nothing to build: the empty copies are it.
          total === 0 ? 'ready' : 'building',
        ],
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    if (total === 0) return this.get(snapshotId);
    const control = { stop: false };
    this.building.set(snapshotId, control);
    void this.build(snapshotId, projection, schema, position, control).finally(() =>
      this.building.delete(snapshotId),
    );
    return this.get(snapshotId);
  }

  /** A page of one table of a ready snapshot, in a stable order (the rows' text). */
  async rows(snapshotId: string, table: string, limit: number, offset: number) {
    const snapshot = await this.row(snapshotId);
    const projection = this.projections.find((p) => p.name === snapshot.projection);
    if (!projection?.tables.includes(table)) {
      throw new DomainError('NOT_FOUND', `The snapshot of ${snapshot.projection} has no table ${table}.`);
    }
    if (snapshot.state !== 'ready') {
      throw new DomainError(
        'VALIDATION_FAILED',
        `The snapshot is ${snapshot.state}: its rows can be read once it is ready.`,
      );
    }
    const qualified = `${snapshot.schema_name}.${table}`;
    const [page, count] = await Promise.all([
      this.pool.query(`SELECT * FROM ${qualified} t ORDER BY (t.*)::text LIMIT $1 OFFSET $2`, [
        limit,
        offset,
      ]),
      this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${qualified}`),
    ]);
    return {
      columns: page.fields.map((field) => field.name),
      rows: page.rows as Record<string, unknown>[],
      total: Number(count.rows[0].n),
    };
  }

  /** Drops the snapshot's schema; one still building stops at its next step first. */
  async drop(snapshotId: string): Promise<ProjectionSnapshot> {
    const snapshot = await this.row(snapshotId);
    const control = this.building.get(snapshotId);
    if (control) control.stop = true;
    await this.pool.query(`DROP SCHEMA IF EXISTS ${snapshot.schema_name} CASCADE`);
    await this.pool.query(
      `UPDATE projection_snapshots SET state = 'dropped', finished_at = coalesce(finished_at, clock_timestamp())
        WHERE snapshot_id = $1`,
      [snapshotId],
    );
    return this.get(snapshotId);
  }

  private async build(
    snapshotId: string,
    projection: Projection,
    schema: string,
    target: EventPosition,
    control: { stop: boolean },
  ): Promise<void> {
    const handled = new Set<string>(projection.eventTypes);
    let after = ZERO_POSITION;
    let done = 0;
    try {
      while (!control.stop && comparePositions(after, target) < 0) {
        const read = await this.store.readAll(after, SNAPSHOT_BATCH);
        const upTo = read.filter((event) => comparePositions(event, target) <= 0);
        if (upTo.length === 0) break;
        const mine = upTo.filter((event) => handled.has(event.type));
        const client = await this.pool.connect();
        try {
          await client.query('BEGIN');
          await client.query(`SET LOCAL search_path = ${schema}, public`);
          if (mine.length > 0) await projection.apply(mine, client);
          done += upTo.length;
          await client.query(
            'UPDATE projection_snapshots SET done = $2, updated_at = clock_timestamp() WHERE snapshot_id = $1',
            [snapshotId, done],
          );
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
        after = upTo[upTo.length - 1];
        if (upTo.length < read.length) break;
      }
      if (control.stop) return;
      await this.markReady(snapshotId, projection, schema, target, done);
    } catch (error) {
      this.logger.error({ err: error, snapshotId, projection: projection.name }, 'snapshot build failed');
      await this.pool
        .query(
          `UPDATE projection_snapshots SET state = 'failed', error = $2, finished_at = clock_timestamp()
            WHERE snapshot_id = $1 AND state = 'building'`,
          [snapshotId, error instanceof Error ? error.message : String(error)],
        )
        .catch(() => undefined);
    }
  }

  /** Ready: the analysts' views over the copies and the state change commit together. */
  private async markReady(
    snapshotId: string,
    projection: Projection,
    schema: string,
    target: EventPosition,
    done: number,
  ): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rowCount } = await client.query(
        `UPDATE projection_snapshots SET state = 'ready', done = $2, finished_at = clock_timestamp()
          WHERE snapshot_id = $1 AND state = 'building'`,
        [snapshotId, done],
      );
      // Dropped meanwhile: its schema is gone, nothing to publish.
      if (rowCount) await publishForAnalysts(client, schema, projection, formatPosition(target));
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async row(snapshotId: string): Promise<SnapshotRow> {
    const { rows } = await this.pool.query<SnapshotRow>(
      `SELECT ${COLUMNS} FROM projection_snapshots WHERE snapshot_id = $1`,
      [snapshotId],
    );
    if (!rows[0]) throw new DomainError('NOT_FOUND', `There is no snapshot ${snapshotId}.`);
    return rows[0];
  }

  private toSnapshot(row: SnapshotRow): ProjectionSnapshot {
    const projection = this.projections.find((p) => p.name === row.projection);
    return {
      snapshotId: row.snapshot_id,
      projection: row.projection,
      schema: row.schema_name,
      position: formatPosition({
        transactionId: BigInt(row.target_transaction_id),
        position: BigInt(row.target_position),
      }),
      state: row.state,
      total: Number(row.total),
      done: Number(row.done),
      tables: projection ? [...projection.tables] : [],
      requestedBy: row.requested_by,
      startedAt: row.started_at.toISOString(),
      finishedAt: row.finished_at?.toISOString() ?? null,
      error: row.error,
    };
  }
}

type AnalyticsView = {
  name: string;
  definition: string;
  description: string | null;
  tables: string[];
  only_tables: boolean;
};

/**
 * Makes a ready snapshot queryable by analysts: each view of the analytics schema that reads only this
 * projection's tables is made again in the snapshot's schema, over the copies (its SQL as PostgreSQL
 * keeps it, the live tables' schema taken out so the names resolve to the copies), and granted to the
 * analysts' role. The role gets no right on the copied tables themselves: as in the analytics schema, a
 * view runs with its owner's rights, so what the view leaves out (personal columns) stays out.
 * Analysts then query `<schema>.<view>` as of the snapshot's position.
 */
async function publishForAnalysts(
  client: PoolClient,
  schema: string,
  projection: Projection,
  position: string,
): Promise<void> {
  const { rows: paths } = await client.query<{ search_path: string }>('SHOW search_path');
  // With only the catalogue on the path, the definitions name the live tables `public.<table>`.
  await client.query('SET LOCAL search_path = pg_catalog');
  const { rows } = await client.query<AnalyticsView>(
    `SELECT v.relname AS name, pg_get_viewdef(v.oid) AS definition,
            obj_description(v.oid, 'pg_class') AS description,
            array_agg(DISTINCT t.relname::text) AS tables,
            bool_and(tn.nspname = 'public' AND t.relkind IN ('r', 'p')) AS only_tables
       FROM pg_class v
       JOIN pg_namespace vn ON vn.oid = v.relnamespace AND vn.nspname = 'analytics'
       JOIN pg_rewrite r ON r.ev_class = v.oid
       JOIN pg_depend d ON d.classid = 'pg_rewrite'::regclass AND d.objid = r.oid
                       AND d.refclassid = 'pg_class'::regclass AND d.refobjid <> v.oid
       JOIN pg_class t ON t.oid = d.refobjid
       JOIN pg_namespace tn ON tn.oid = t.relnamespace
      WHERE v.relkind = 'v'
      GROUP BY v.oid, v.relname
      ORDER BY v.relname`,
  );
  const own = rows.filter(
    (view) => view.only_tables && view.tables.every((t) => projection.tables.includes(t)),
  );
  await client.query(`SET LOCAL search_path = ${schema}`);
  for (const view of own) {
    const definition = view.definition.replace(/\bpublic\./g, '').replace(/;\s*$/, '');
    await client.query(`CREATE VIEW ${schema}.${view.name} AS ${definition}`);
    const description = `${view.description ?? view.name} As of ${position} (snapshot of ${projection.name}).`;
    await client.query(`COMMENT ON VIEW ${schema}.${view.name} IS ${client.escapeLiteral(description)}`);
    await client.query(`GRANT SELECT ON ${schema}.${view.name} TO ${ANALYTICS_ROLE}`);
  }
  if (own.length > 0) await client.query(`GRANT USAGE ON SCHEMA ${schema} TO ${ANALYTICS_ROLE}`);
  // The transaction goes on with the path it had.
  await client.query(`SELECT set_config('search_path', $1, true)`, [paths[0].search_path]);
}
