import type { Pool } from 'pg';
import type { AppendNotifications } from '../event-store';
import { LeaderLock } from './leader-lock';

export type PollingOptions = {
  /** Longest wait for new events when no notification comes (the polling fallback). */
  pollIntervalMs: number;
  /** How often a standby process tries to take over. */
  standbyRetryMs: number;
};

export type WorkerLogger = {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A worker that follows the event store: only the process holding its leader lock works, one step
 * (a batch) at a time, as long as steps find events; then it waits for an append notification or
 * the polling interval. A failed step is logged, the lock released and the step tried again after a
 * second, from the stored checkpoint. Subclasses say what a step is and what state to forget.
 */
export abstract class PollingWorker {
  private stopped = true;
  private loop: Promise<void> | undefined;
  protected readonly lock: LeaderLock;

  protected constructor(
    protected readonly base: {
      pool: Pool;
      notifications: AppendNotifications;
      logger: WorkerLogger;
      lockKey: string;
      polling: PollingOptions;
    },
  ) {
    this.lock = new LeaderLock(base.pool, base.lockKey);
  }

  /** True while this process holds the worker's lock. */
  get isActive(): boolean {
    return this.lock.held;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.base.notifications.wakeAll();
    await this.loop;
    await this.onStopping();
    await this.lock.release();
  }

  /** The loop has ended and the lock is still held (if it was): write down what only memory holds. */
  protected async onStopping(): Promise<void> {}

  /** Processes one batch; answers how many events it moved past (0: nothing new). */
  protected abstract step(): Promise<number>;

  /** This process has just become the active one: forget what another may have changed. */
  protected abstract onLeadership(): Promise<void> | void;

  /** A step failed: forget state the failure may have left half-done (the lock is released next). */
  protected abstract onFailure(error: unknown): Promise<void> | void;

  /** A whole polling interval passed without events. */
  protected onQuietInterval(): void {}

  /** Waits for new events: the next append notification (by default) or `timeoutMs`. */
  protected waitForEvents(timeoutMs: number): Promise<'notified' | 'timeout'> {
    return this.base.notifications.wait(timeoutMs);
  }

  private async run(): Promise<void> {
    // After a notification the new events may still wait for an older transaction to end, so
    // look again soon, backing off (2, 4, 8 ... ms); otherwise wait a whole polling interval.
    const { pollIntervalMs, standbyRetryMs } = this.base.polling;
    let retryMs = 0;
    while (!this.stopped) {
      try {
        const lock = await this.lock.acquire();
        if (lock === 'taken') {
          await sleep(standbyRetryMs);
          continue;
        }
        if (lock === 'newly') await this.onLeadership();
        if ((await this.step()) > 0) {
          retryMs = 0;
          continue;
        }
        const woken = await this.waitForEvents(retryMs || pollIntervalMs);
        if (woken === 'notified') retryMs = 2;
        else if (retryMs > 0) retryMs = retryMs * 2 > pollIntervalMs ? 0 : retryMs * 2;
        else this.onQuietInterval();
      } catch (error) {
        await this.onFailure(error);
        await this.lock.release();
        await sleep(1000);
      }
    }
  }
}
