import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { type EventPosition, type RecordedEvent } from '@app/contracts';
import { type AppendNotifications, type PgEventStore, PollingWorker } from '@app/server-kit';
import type { Projection } from './projection';
import { type Checkpoint, CheckpointStore } from './checkpoints';
import type { GlobalReader, HeadWatch } from './shared-tail';
import { CheckpointMoves } from './checkpoint-moves';

export type RunnerOptions = {
  batchSize: number;
  rebuildBatchSize: number;
  /** Longest wait for new events when no notification comes (the polling fallback). */
  pollIntervalMs: number;
  /** How often a standby process tries to take over a projection. */
  standbyRetryMs: number;
  /**
   * How long moves past batches with nothing of the projection's may stay unrecorded (0: recorded at
   * once). Read-your-writes and the status look past them (ProjectionAdmin), so only a new leader after a
   * crash sees the difference: it reads those events again and finds nothing to do.
   */
  lazyCheckpointMs: number;
};

export const defaultRunnerOptions: RunnerOptions = {
  batchSize: 1000,
  rebuildBatchSize: 5000,
  pollIntervalMs: 500,
  standbyRetryMs: 1000,
  lazyCheckpointMs: 1000,
};

/**
 * Runs one projection: reads the global order after its checkpoint, applies each batch and moves
 * the checkpoint in one transaction (compare-and-set on the old checkpoint). Only the process
 * holding the projection's leader lock runs it; others stand by. A batch with nothing of the
 * projection's moves the checkpoint in memory only; the move is recorded with the next batch it
 * applies, or after `lazyCheckpointMs`, or when the runner stops.
 */
export class ProjectionRunner extends PollingWorker {
  /** Where the runner is: the stored checkpoint plus any moves not recorded yet. */
  private checkpoint: Checkpoint | undefined;
  /** The stored checkpoint's position (the compare-and-set's base) while moves are unrecorded. */
  private stored: EventPosition | undefined;
  /** Events moved past since `stored`, and since when. */
  private unrecorded = { events: 0, since: 0 };
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
      /**
       * What the runner waits on at the head: a SharedTail that follows it (the runner then waits for
       * events after its checkpoint there, not for each notification). Default: the notifications.
       */
      head?: HeadWatch;
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
    this.forget();
    let total = 0;
    for (;;) {
      const processed = await this.step();
      if (processed === 0) {
        await this.recordMoves();
        return total;
      }
      total += processed;
    }
  }

  /** Still the leader: record the moves not recorded yet, so the next leader starts where this one ended. */
  protected override async onStopping(): Promise<void> {
    if (this.isActive) await this.recordMoves().catch(() => undefined);
  }

  private forget(): void {
    this.checkpoint = undefined;
    this.stored = undefined;
    this.unrecorded = { events: 0, since: 0 };
  }

  protected onLeadership(): void {
    this.forget();
    this.deps.logger.info({ projection: this.name }, 'projection runner active');
  }

  protected onFailure(error: unknown): void {
    this.deps.logger.error({ err: error, projection: this.name }, 'projection batch failed; retrying');
    this.forget();
  }

  protected override waitForEvents(timeoutMs: number): Promise<'notified' | 'timeout'> {
    const position = this.checkpoint?.position;
    if (!this.deps.head || !position) return super.waitForEvents(timeoutMs);
    return this.deps.head.waitAfter(position, timeoutMs);
  }

  /** A whole quiet interval: reload the checkpoint, which a rebuild may have reset meanwhile. */
  protected override onQuietInterval(): void {
    // Moves not recorded yet are recorded first (the next step), then the checkpoint is read again.
    if (this.unrecorded.events === 0) this.forget();
  }

  /** Reads and applies one batch; answers how many events it moved past. */
  protected async step(): Promise<number> {
    if (this.unrecorded.events > 0 && Date.now() - this.unrecorded.since >= this.options.lazyCheckpointMs)
      await this.recordMoves();
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
    const to = { transactionId: last.transactionId, position: last.position };
    const relevant = fresh.filter((e) => this.handled.has(e.type) && (this.projection.concerns?.(e) ?? true));
    if (relevant.length === 0 && checkpoint.state === 'running' && this.options.lazyCheckpointMs > 0) {
      // Nothing of this projection's: the move is kept in memory (see the class).
      if (this.unrecorded.events === 0) {
        this.stored = checkpoint.position;
        this.unrecorded = { events: 0, since: Date.now() };
      }
      this.unrecorded.events += fresh.length;
      this.checkpoint = { ...checkpoint, position: to };
      return;
    }
    // The compare-and-set is on the stored checkpoint, and counts the moves not recorded yet.
    const from = this.unrecorded.events > 0 && this.stored ? this.stored : checkpoint.position;
    const moved = fresh.length + this.unrecorded.events;
    const recorded = (state: Checkpoint['state'] | undefined) => {
      // Someone else moved it (a rebuild, or another runner after losing our lock): start over.
      if (state === undefined) return this.forget();
      this.checkpoint = { ...checkpoint, position: to, state };
      this.stored = undefined;
      this.unrecorded = { events: 0, since: 0 };
    };
    if (relevant.length === 0) {
      // Rebuilding (its progress is recorded batch by batch): the move is the whole change, sent with the
      // other runners' moves of this turn in one statement.
      try {
        recorded(await this.moves.move({ name: this.name, from, to, events: moved }));
      } catch (error) {
        this.forget();
        throw error;
      }
      return;
    }
    const client = await this.deps.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await client.query<{ state: Checkpoint['state'] }>(
        moveStatement(this.name, from, to, moved),
      );
      if (result.rowCount === 0) {
        await client.query('ROLLBACK');
        return recorded(undefined);
      }
      await this.projection.apply(relevant, client);
      await client.query('COMMIT');
      recorded(result.rows[0].state);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      this.forget();
      throw error;
    } finally {
      client.release();
    }
  }

  /** Records the moves kept in memory (a compare-and-set from the stored checkpoint). */
  private async recordMoves(): Promise<void> {
    const checkpoint = this.checkpoint;
    if (this.unrecorded.events === 0 || !this.stored || !checkpoint) return;
    try {
      const state = await this.moves.move({
        name: this.name,
        from: this.stored,
        to: checkpoint.position,
        events: this.unrecorded.events,
      });
      if (state === undefined) return this.forget();
      this.checkpoint = { ...checkpoint, state };
      this.stored = undefined;
      this.unrecorded = { events: 0, since: 0 };
    } catch (error) {
      this.forget();
      throw error;
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

/** The checkpoint's compare-and-set from `from` to `to`, past `events` events (rebuild progress included). */
function moveStatement(name: string, from: EventPosition, to: EventPosition, events: number) {
  return {
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
      name,
      to.transactionId.toString(),
      to.position.toString(),
      events,
      from.transactionId.toString(),
      from.position.toString(),
    ],
  };
}

function after(event: RecordedEvent, position: EventPosition): boolean {
  if (event.transactionId !== position.transactionId) return event.transactionId > position.transactionId;
  return event.position > position.position;
}
