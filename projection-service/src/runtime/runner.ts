import type { Pool, PoolClient } from 'pg';
import type { Logger } from 'pino';
import { type EventPosition, type RecordedEvent } from '@app/contracts';
import type { AppendNotifications, PgEventStore } from '@app/command-service';
import type { Projection } from './projection';
import { type Checkpoint, CheckpointStore } from './checkpoints';

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs one projection: reads the global order after its checkpoint, applies each batch and moves
 * the checkpoint in one transaction (compare-and-set on the old checkpoint). Only the process
 * holding the projection's advisory lock runs it; others stand by.
 */
export class ProjectionRunner {
  private stopped = true;
  private loop: Promise<void> | undefined;
  private lockClient: PoolClient | undefined;
  private checkpoint: Checkpoint | undefined;
  private readonly checkpoints: CheckpointStore;
  private readonly handled: Set<string>;
  private readonly options: RunnerOptions;

  constructor(
    private readonly projection: Projection,
    private readonly deps: {
      pool: Pool;
      store: PgEventStore;
      notifications: AppendNotifications;
      logger: Logger;
      options?: Partial<RunnerOptions>;
    },
  ) {
    this.checkpoints = new CheckpointStore(deps.pool);
    this.handled = new Set(projection.eventTypes);
    this.options = { ...defaultRunnerOptions, ...deps.options };
  }

  get name(): string {
    return this.projection.name;
  }

  /** True while this process holds the projection's lock. */
  get isActive(): boolean {
    return this.lockClient !== undefined;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.deps.notifications.wakeAll();
    await this.loop;
    await this.releaseLock();
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

  private async run(): Promise<void> {
    // After a notification the new events may still wait for an older transaction to end, so
    // look again soon, backing off (2, 4, 8 ... ms); otherwise wait a whole polling interval.
    let retryMs = 0;
    while (!this.stopped) {
      try {
        if (!(await this.acquireLock())) {
          await sleep(this.options.standbyRetryMs);
          continue;
        }
        const processed = await this.step();
        if (processed > 0) {
          retryMs = 0;
          continue;
        }
        const woken = await this.deps.notifications.wait(retryMs || this.options.pollIntervalMs);
        if (woken === 'notified') retryMs = 2;
        else if (retryMs > 0) retryMs = retryMs * 2 > this.options.pollIntervalMs ? 0 : retryMs * 2;
        // A whole quiet interval: reload the checkpoint, which a rebuild may have reset meanwhile.
        else this.checkpoint = undefined;
      } catch (error) {
        this.deps.logger.error({ err: error, projection: this.name }, 'projection batch failed; retrying');
        this.checkpoint = undefined;
        await this.releaseLock();
        await sleep(1000);
      }
    }
  }

  /** Reads and applies one batch; answers how many events it moved past. */
  private async step(): Promise<number> {
    const checkpoint = this.checkpoint ?? (await this.checkpoints.load(this.name));
    this.checkpoint = checkpoint;
    const limit = checkpoint.state === 'rebuilding' ? this.options.rebuildBatchSize : this.options.batchSize;
    const events = await this.deps.store.readAll(checkpoint.position, limit);
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
    const client = await this.deps.pool.connect();
    try {
      await client.query('BEGIN');
      const moved = await client.query<{ state: Checkpoint['state'] }>(
        `UPDATE projection_checkpoints SET
           transaction_id = $2::text::xid8,
           position = $3,
           events_processed = events_processed + $4,
           rebuild_done = CASE WHEN state = 'rebuilding' THEN rebuild_done + $4 ELSE rebuild_done END,
           state = CASE WHEN state = 'rebuilding'
                         AND ($2::text::xid8, $3::bigint) >= (rebuild_target_transaction_id, rebuild_target_position)
                        THEN 'running' ELSE state END,
           updated_at = clock_timestamp()
         WHERE name = $1 AND transaction_id = $5::text::xid8 AND position = $6
         RETURNING state`,
        [
          this.name,
          last.transactionId.toString(),
          last.position.toString(),
          fresh.length,
          checkpoint.position.transactionId.toString(),
          checkpoint.position.position.toString(),
        ],
      );
      if (moved.rowCount === 0) {
        // Someone else moved it (a rebuild, or another runner after losing our lock): start over.
        await client.query('ROLLBACK');
        this.checkpoint = undefined;
        return;
      }
      const relevant = fresh.filter((e) => this.handled.has(e.type));
      if (relevant.length > 0) await this.projection.apply(relevant, client);
      await client.query('COMMIT');
      this.checkpoint = {
        ...checkpoint,
        position: { transactionId: last.transactionId, position: last.position },
        state: moved.rows[0].state,
      };
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
      `UPDATE projection_checkpoints SET state = 'running', updated_at = clock_timestamp()
        WHERE name = $1 AND state = 'rebuilding' AND rebuild_target_transaction_id IS NULL`,
      [this.name],
    );
    this.checkpoint = undefined;
  }

  private async acquireLock(): Promise<boolean> {
    if (this.lockClient) return true;
    const client = await this.deps.pool.connect();
    try {
      const result = await client.query<{ locked: boolean }>(
        `SELECT pg_try_advisory_lock(hashtext('projection:' || $1)) AS locked`,
        [this.name],
      );
      if (!result.rows[0].locked) {
        client.release();
        return false;
      }
      client.on('error', () => {
        // The lock died with its connection; take it again before the next batch.
        if (this.lockClient === client) this.lockClient = undefined;
      });
      this.lockClient = client;
      this.checkpoint = undefined;
      this.deps.logger.info({ projection: this.name }, 'projection runner active');
      return true;
    } catch (error) {
      client.release(true);
      throw error;
    }
  }

  private async releaseLock(): Promise<void> {
    const client = this.lockClient;
    this.lockClient = undefined;
    if (!client) return;
    try {
      await client.query(`SELECT pg_advisory_unlock(hashtext('projection:' || $1))`, [this.name]);
      client.release();
    } catch {
      client.release(true);
    }
  }
}

function after(event: RecordedEvent, position: EventPosition): boolean {
  if (event.transactionId !== position.transactionId) return event.transactionId > position.transactionId;
  return event.position > position.position;
}
