import type { Pool } from 'pg';
import {
  type EventPosition,
  type ProjectionStatus,
  comparePositions,
  formatPosition,
  ZERO_POSITION,
} from '@app/contracts';
import { EVENTS_CHANNEL, type PgEventStore } from '@app/server-kit';
import type { Projection } from './projection';
import { type Checkpoint, CheckpointStore } from './checkpoints';
import { rebuildFigures } from './rebuild-figures';

/** Counting further than this many events behind is not worth the scan. */
const BEHIND_COUNT_CAP = 10_000_000;

export type SystemStatus = {
  head: { position: string; token: string; totalEvents: number };
  projections: ProjectionStatus[];
  generatedAt: string;
};

/** Rebuilds, status and read-your-writes waits over the projections' checkpoints. */
export class ProjectionAdmin {
  private readonly checkpoints: CheckpointStore;

  constructor(
    private readonly pool: Pool,
    private readonly store: PgEventStore,
    private readonly projections: readonly Projection[],
  ) {
    this.checkpoints = new CheckpointStore(pool);
  }

  find(name: string): Projection | undefined {
    return this.projections.find((p) => p.name === name);
  }

  /**
   * Truncate and replay: empties the read model and moves the checkpoint to the start in one
   * transaction; the active runner notices (its compare-and-set fails) and replays with progress.
   */
  async rebuild(projection: Projection): Promise<void> {
    const head = await this.store.head();
    const total = head.position ? await this.countUpTo(head.position) : 0;
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      // Lock order: checkpoint row, then tables (as the runner's transaction does).
      await client.query(`SELECT 1 FROM projection_checkpoints WHERE name = $1 FOR UPDATE`, [
        projection.name,
      ]);
      await client.query(`TRUNCATE ${projection.tables.map((t) => `"${t}"`).join(', ')}`);
      await client.query(
        `UPDATE projection_checkpoints SET transaction_id = '0', position = 0, state = 'rebuilding',
           rebuild_target_transaction_id = $2::text::xid8, rebuild_target_position = $3, rebuild_total = $4,
           rebuild_done = 0, rebuild_started_at = clock_timestamp(), rebuild_finished_at = NULL,
           updated_at = clock_timestamp()
         WHERE name = $1`,
        [
          projection.name,
          head.position?.transactionId.toString() ?? null,
          head.position?.position.toString() ?? null,
          total,
        ],
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    // Wake the runners (in whichever process) so the replay starts at once.
    await this.pool.query(`SELECT pg_notify($1, '')`, [EVENTS_CHANNEL]);
  }

  /**
   * The head and each projection's checkpoint and lag. `behind: false` leaves out the counts of
   * events after each checkpoint (the Kafka consumer has its own figures, and its projections'
   * store checkpoints stay at the start, where counting would scan the whole store).
   */
  async status(options: { behind?: boolean } = {}): Promise<SystemStatus> {
    const [head, total, checkpoints] = await Promise.all([
      this.store.head(),
      this.store.count(),
      this.checkpoints.loadAll(this.projections.map((p) => p.name)),
    ]);
    const now = Date.now();
    const projections = await Promise.all(
      this.projections.map(async (projection) => {
        const checkpoint = checkpoints.find((c) => c.name === projection.name);
        return this.projectionStatus(projection, checkpoint, now, options.behind ?? true);
      }),
    );
    const headPosition = head.position ?? ZERO_POSITION;
    return {
      head: {
        position: headPosition.position.toString(),
        token: formatPosition(headPosition),
        totalEvents: total,
      },
      projections,
      generatedAt: new Date(now).toISOString(),
    };
  }

  /**
   * Waits until every named projection has processed `position`. Answers false on timeout.
   * Polls the shared checkpoints, so it works whichever process runs the projection.
   */
  async waitFor(names: readonly string[], position: EventPosition, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    let delay = 2;
    for (;;) {
      const checkpoints = await this.checkpoints.loadAll(names);
      if (checkpoints.length === names.length && (await this.allShow(checkpoints, position))) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((r) => setTimeout(r, Math.min(delay, Math.max(1, deadline - Date.now()))));
      delay = Math.min(delay * 2, 25);
    }
  }

  /**
   * Whether every checkpoint's read model shows the events up to `position`: the checkpoint is there,
   * or only events its projection does not handle lie between (a runner records its moves past those
   * lazily, see ProjectionRunner).
   */
  private async allShow(checkpoints: readonly Checkpoint[], position: EventPosition): Promise<boolean> {
    if (checkpoints.some((c) => c.state !== 'running')) return false;
    for (const checkpoint of checkpoints) {
      if (comparePositions(checkpoint.position, position) >= 0) continue;
      const types = this.find(checkpoint.name)?.eventTypes;
      if (!types || !(await this.store.nothingOfTypesBetween(checkpoint.position, position, types)))
        return false;
    }
    return true;
  }

  private async projectionStatus(
    projection: Projection,
    checkpoint: Checkpoint | undefined,
    now: number,
    countBehind: boolean,
  ): Promise<ProjectionStatus> {
    const name = projection.name;
    const position = checkpoint?.position ?? ZERO_POSITION;
    // Behind: the events of the types it handles that it has not applied yet (the runners record their
    // moves past the other events lazily, and those change nothing of the read model).
    const pending = countBehind
      ? await this.store.pendingAfter(position, BEHIND_COUNT_CAP, projection.eventTypes)
      : { count: 0, oldestRecordedAt: null };
    const eventsBehind = pending.count;
    const oldest = pending.oldestRecordedAt;
    const rebuilding = checkpoint?.state === 'rebuilding';
    return {
      name,
      checkpoint: formatPosition(position),
      checkpointPosition: position.position.toString(),
      eventsBehind,
      lagMs: oldest ? Math.max(0, now - oldest.getTime()) : 0,
      state: !checkpoint ? 'stopped' : rebuilding ? 'rebuilding' : eventsBehind > 0 ? 'running' : 'idle',
      rebuildProgress: rebuilding
        ? checkpoint.rebuildTotal
          ? Math.min(1, checkpoint.rebuildDone / checkpoint.rebuildTotal)
          : 0
        : null,
      rebuild: checkpoint ? rebuildFiguresOf(checkpoint, now) : null,
      updatedAt: (checkpoint?.updatedAt ?? new Date(0)).toISOString(),
    };
  }

  private countUpTo(position: EventPosition): Promise<number> {
    return this.store.count(position);
  }
}

/** The running rebuild's figures, else the last finished one's; none before a first rebuild. */
function rebuildFiguresOf(checkpoint: Checkpoint, now: number) {
  if (!checkpoint.rebuildStartedAt) return null;
  const running = checkpoint.state === 'rebuilding';
  if (!running && !checkpoint.rebuildFinishedAt) return null;
  return rebuildFigures(
    {
      startedAt: checkpoint.rebuildStartedAt,
      finishedAt: running ? null : checkpoint.rebuildFinishedAt,
      done: checkpoint.rebuildDone,
      total: checkpoint.rebuildTotal ?? checkpoint.rebuildDone,
    },
    now,
  );
}
