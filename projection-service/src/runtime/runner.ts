import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { type EventPosition, type RecordedEvent } from '@app/contracts';
import { type AppendNotifications, type PgEventStore, PollingWorker } from '@app/server-kit';
import type { Projection } from './projection';
import { type Checkpoint, CheckpointStore } from './checkpoints';
import type { GlobalReader } from './shared-tail';
import { CheckpointMoves } from './checkpoint-moves';

export type RunnerOptions = {
  batchSize: number;
  rebuildBatchSize: number;
  /** Longest wait for new events when no notification comes (the polling fallback). */
  pollIntervalMs: number;
  /** How often a standby process tries to take over a projection. */
  standbyRetryMs: number;
};

export const defaultRunnerOptions: RunnerOptions = {
  batchSize: 1000,
  rebuildBatchSize: 5000,
  pollIntervalMs: 500,
  standbyRetryMs: 1000,
};

/**
 * Runs one projection: reads the global order after its checkpoint, applies each batch and moves
 * the checkpoint in one transaction (compare-and-set on the old checkpoint). Only the process
 * holding the projection's leader lock runs it; others stand by.
 */
export class ProjectionRunner extends PollingWorker {
  private checkpoint: Checkpoint | undefined;
  private readonly checkpoints: CheckpointStore;
  private readonly moves: CheckpointMoves;
  private readonly handled: Set<string>;
  private readonly options: RunnerOptions;

  constructor(
    private readonly projection: Projection,
    private readonly deps: {
      pool: Pool;
      store: PgEventStore;
      /** Where the global order is read: the store (default) or a SharedTail of the process's runners. */
      reader?: GlobalReader;
      /** Where checkpoints moved past batches with nothing of the projection's go: shared by the runners of a process. */
      moves?: CheckpointMoves;
      notifications: AppendNotifications;
      logger: Logger;
      options?: Partial<RunnerOptions>;
    },
  ) {
    const options = { ...defaultRunnerOptions, ...deps.options };
    super({ ...deps, lockKey: `projection:${projection.name}`, polling: options });
    this.checkpoints = new CheckpointStore(deps.pool);
    this.moves = deps.moves ?? new CheckpointMoves(deps.pool);
    this.handled = new Set(projection.eventTypes);
    this.options = options;
  }

  get name(): string {
    return this.projection.name;
  }

  /** Processes what is there now, then returns (for tests and rebuild benchmarks). */
  async drain(): Promise<number> {
    this.checkpoint = undefined;
    let total = 0;
    for (;;) {
      const processed = await this.step();
      if (processed === 0) return total;
      total += processed;
    }
  }

  protected onLeadership(): void {
    this.checkpoint = undefined;
    this.deps.logger.info({ projection: this.name }, 'projection runner active');
  }

  protected onFailure(error: unknown): void {
    this.deps.logger.error({ err: error, projection: this.name }, 'projection batch failed; retrying');
    this.checkpoint = undefined;
  }

  /** A whole quiet interval: reload the checkpoint, which a rebuild may have reset meanwhile. */
  protected override onQuietInterval(): void {
    this.checkpoint = undefined;
  }

  /** Reads and applies one batch; answers how many events it moved past. */
  protected async step(): Promise<number> {
    const checkpoint = this.checkpoint ?? (await this.checkpoints.load(this.name));
    this.checkpoint = checkpoint;
    const limit = checkpoint.state === 'rebuilding' ? this.options.rebuildBatchSize : this.options.batchSize;
    const events = await (this.deps.reader ?? this.deps.store).readAll(checkpoint.position, limit);
    if (events.length === 0) {
      if (checkpoint.state === 'rebuilding') await this.finishEmptyRebuild(checkpoint);
      return 0;
    }
    await this.commit(checkpoint, events);
    return events.length;
  }

  /** Applies a batch; events at or before the checkpoint (a second delivery) change nothing. */
  async commit(checkpoint: Checkpoint, events: readonly RecordedEvent[]): Promise<void> {
    const fresh = events.filter((e) => after(e, checkpoint.position));
    if (fresh.length === 0) return;
    const last = fresh[fresh.length - 1];
    const relevant = fresh.filter((e) => this.handled.has(e.type));
    const move = {
      name: 'projection_checkpoint_move',
      text: `UPDATE projection_checkpoints SET
           transaction_id = $2::text::xid8,
           position = $3,
           events_processed = events_processed + $4,
           rebuild_done = CASE WHEN state = 'rebuilding' THEN rebuild_done + $4 ELSE rebuild_done END,
           rebuild_finished_at = CASE WHEN state = 'rebuilding'
                         AND ($2::text::xid8, $3::bigint) >= (rebuild_target_transaction_id, rebuild_target_position)
                        THEN clock_timestamp() ELSE rebuild_finished_at END,
           state = CASE WHEN state = 'rebuilding'
                         AND ($2::text::xid8, $3::bigint) >= (rebuild_target_transaction_id, rebuild_target_position)
                        THEN 'running' ELSE state END,
           updated_at = clock_timestamp()
         WHERE name = $1 AND transaction_id = $5::text::xid8 AND position = $6
         RETURNING state`,
      values: [
        this.name,
        last.transactionId.toString(),
        last.position.toString(),
        fresh.length,
        checkpoint.position.transactionId.toString(),
        checkpoint.position.position.toString(),
      ],
    };
    const moved = (state: Checkpoint['state']) => {
      this.checkpoint = {
        ...checkpoint,
        position: { transactionId: last.transactionId, position: last.position },
        state,
      };
    };
    if (relevant.length === 0) {
      // Nothing of this projection's: moving the checkpoint is the whole change, sent with the other
      // runners' moves of this turn in one statement.
      try {
        const state = await this.moves.move({
          name: this.name,
          from: checkpoint.position,
          to: { transactionId: last.transactionId, position: last.position },
          events: fresh.length,
        });
        // Someone else moved it (a rebuild, or another runner after losing our lock): start over.
        if (state === undefined) this.checkpoint = undefined;
        else moved(state);
      } catch (error) {
        this.checkpoint = undefined;
        throw error;
      }
      return;
    }
    const client = await this.deps.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await client.query<{ state: Checkpoint['state'] }>(move);
      if (result.rowCount === 0) {
        // Someone else moved it (a rebuild, or another runner after losing our lock): start over.
        await client.query('ROLLBACK');
        this.checkpoint = undefined;
        return;
      }
      await this.projection.apply(relevant, client);
      await client.query('COMMIT');
      moved(result.rows[0].state);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      this.checkpoint = undefined;
      throw error;
    } finally {
      client.release();
    }
  }

  private async finishEmptyRebuild(checkpoint: Checkpoint): Promise<void> {
    if (checkpoint.rebuildTarget !== null) return;
    await this.deps.pool.query(
      `UPDATE projection_checkpoints
          SET state = 'running', rebuild_finished_at = clock_timestamp(), updated_at = clock_timestamp()
        WHERE name = $1 AND state = 'rebuilding' AND rebuild_target_transaction_id IS NULL`,
      [this.name],
    );
    this.checkpoint = undefined;
  }
}

function after(event: RecordedEvent, position: EventPosition): boolean {
  if (event.transactionId !== position.transactionId) return event.transactionId > position.transactionId;
  return event.position > position.position;
}
