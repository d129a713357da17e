import { type EventPosition, type RecordedEvent, comparePositions } from '@app/contracts';
import type { PgEventStore } from '@app/server-kit';

/** What the runners read the global order through: the store itself, or a SharedTail over it. */
export type GlobalReader = Pick<PgEventStore, 'readAll'>;

type Follower = {
  loop: Promise<void>;
  stopped: boolean;
  /** Ends the follower's wait for a notification at once. */
  stop: () => void;
  stopping: Promise<'stopped'>;
  /** When it last read the head (or found there was no run to read). */
  lastReadAt: number;
  pollIntervalMs: number;
};

/** What a runner at the head waits on for events after its position (a following SharedTail). */
export type HeadWatch = {
  waitAfter(position: EventPosition, timeoutMs: number): Promise<'notified' | 'timeout'>;
};

/** The append notifications the tail follows (AppendNotifications). */
export type AppendWakes = { wait(timeoutMs: number): Promise<'notified' | 'timeout'> };

export type SharedTailOptions = {
  /** Most recent events kept for readers that have not taken them yet. */
  capacity: number;
  /** Events one read of the head asks the store for. */
  fetchLimit: number;
  /** How long an answer of "nothing new" is shared before the store is asked again. */
  quietReuseMs: number;
  /** Most events of recent reads outside the run kept for the readers just behind them. */
  keptBehind: number;
  /** How long such a read is kept (a reader further behind than that reads the store itself). */
  keptMs: number;
};

export const defaultSharedTailOptions: SharedTailOptions = {
  capacity: 10_000,
  fetchLimit: 1000,
  quietReuseMs: 1,
  keptBehind: 10_000,
  keptMs: 5000,
};

/**
 * The head of the global order, read once for every runner of a process. Caught-up runners all ask for
 * the events after the same position when an append wakes them; without this each of them would read
 * and parse the same rows. The tail keeps the latest contiguous run of the global order as the store's
 * own safe read (readAll) returned it, so a slice of it is exactly what readAll would answer: a reader
 * at its end waits for one shared read of the store; a reader inside it gets a slice; a reader outside
 * it (a rebuild, a runner far behind) reads the store directly, and what it read is kept a while for
 * the readers behind it: readers asking for the same batch at once share one read, and a reader a few
 * batches behind another (several read models rebuilding together) takes the batches it already read.
 *
 * Following (`follow`), the tail itself reads the head after each append notification, backing off 2,
 * 4, 8 ... ms while a notified append is not visible yet (an older transaction still open), and wakes the
 * runners waiting at the head (`waitAfter`) once it has grown. Runners at the head then find nothing
 * new without asking the store: one read per notification for the whole process, where each runner's
 * own look after its batch and its own backing off made two or three.
 */
export class SharedTail implements GlobalReader, HeadWatch {
  /** The run: events after `start`, in the global order, contiguous. */
  private start: EventPosition | undefined;
  private events: RecordedEvent[] = [];
  private fetching: Promise<number> | undefined;
  private quietUntil = 0;
  private readonly options: SharedTailOptions;
  /** Reads of the store made for the tail and for readers outside it (for tests and the status). */
  readonly reads = { shared: 0, direct: 0 };
  /** Recent reads outside the run, newest last, each a contiguous run as the store answered it. */
  private kept: { start: EventPosition; events: RecordedEvent[]; at: number }[] = [];
  private keptEvents = 0;
  private forgetting: NodeJS.Timeout | undefined;
  /** Reads outside the run in flight, by position and limit: readers asking the same share one. */
  private readonly directReads = new Map<string, Promise<RecordedEvent[]>>();
  /** Runners waiting at the head, each woken once the tail holds events after its position. */
  private readonly waiters = new Set<{ after: EventPosition; wake: () => void }>();
  private follower: Follower | undefined;

  constructor(
    private readonly store: GlobalReader,
    options: Partial<SharedTailOptions> = {},
  ) {
    this.options = { ...defaultSharedTailOptions, ...options };
  }

  private get end(): EventPosition | undefined {
    const last = this.events[this.events.length - 1];
    return last ? { transactionId: last.transactionId, position: last.position } : this.start;
  }

  async readAll(after: EventPosition, limit: number): Promise<RecordedEvent[]> {
    const end = this.end;
    if (this.start === undefined || end === undefined || comparePositions(after, this.start) < 0) {
      return this.direct(after, limit);
    }
    const atEnd = comparePositions(after, end);
    if (atEnd > 0) return this.direct(after, limit);
    if (atEnd < 0) return sliceAfter(this.events, after, limit);
    // The follower reads the head for everyone; should it stop reading (its reads failing), readers
    // read it themselves again.
    const follower = this.follower;
    if (follower && !follower.stopped && Date.now() - follower.lastReadAt < 2 * follower.pollIntervalMs)
      return [];
    if (Date.now() < this.quietUntil) return [];
    await this.sharedFetch(end);
    return sliceAfter(this.events, after, limit);
  }

  /**
   * A read outside the run: from a recent one that holds events after `after`, else one read of the
   * store shared by the readers asking for the same at the same moment.
   */
  private direct(after: EventPosition, limit: number): Promise<RecordedEvent[]> {
    for (const run of this.kept) {
      const last = run.events[run.events.length - 1];
      if (comparePositions(after, run.start) >= 0 && comparePositions(after, last) < 0)
        return Promise.resolve(sliceAfter(run.events, after, limit));
    }
    const key = `${after.transactionId}/${after.position}/${limit}`;
    let read = this.directReads.get(key);
    if (!read) {
      read = this.readDirect(after, limit).finally(() => this.directReads.delete(key));
      this.directReads.set(key, read);
    }
    return read;
  }

  /** Reads the store outside the run; a caught-up reader's empty answer starts the run at its position. */
  private async readDirect(after: EventPosition, limit: number): Promise<RecordedEvent[]> {
    this.reads.direct++;
    const events = await this.store.readAll(after, limit);
    const end = this.end;
    // A reader at the head, ahead of the run (or with no run yet): the run starts again at its position.
    if (events.length === 0 && (end === undefined || comparePositions(after, end) > 0)) {
      this.start = after;
      this.events = [];
    }
    if (events.length > 0) this.keep(after, events);
    return events;
  }

  /**
   * Keeps a read outside the run for the readers behind it, forgetting the oldest beyond `keptBehind`
   * events and each after `keptMs` (a rebuild's batches are not held once it is over).
   */
  private keep(start: EventPosition, events: RecordedEvent[]): void {
    this.kept.push({ start, events, at: Date.now() });
    this.keptEvents += events.length;
    this.forget(this.keptEvents - this.options.keptBehind, 0);
    this.forgetting ??= setTimeout(() => this.forgetOld(), this.options.keptMs).unref();
  }

  private forgetOld(): void {
    this.forgetting = undefined;
    this.forget(0, Date.now() - this.options.keptMs);
    if (this.kept.length > 0)
      this.forgetting = setTimeout(() => this.forgetOld(), this.options.keptMs).unref();
  }

  /** Forgets the oldest kept reads: while more than `excess` events are over, and those kept before `before`. */
  private forget(excess: number, before: number): void {
    while (this.kept.length > 0 && (excess > 0 || this.kept[0].at <= before)) {
      const [oldest] = this.kept.splice(0, 1);
      this.keptEvents -= oldest.events.length;
      excess -= oldest.events.length;
    }
  }

  /** One read after the run's end for everyone asking at the same moment. */
  private sharedFetch(end: EventPosition): Promise<number> {
    this.fetching ??= this.fetch(end).finally(() => (this.fetching = undefined));
    return this.fetching;
  }

  /** Reads the store after the run's end; answers how many events it added to the run. */
  private async fetch(end: EventPosition): Promise<number> {
    this.reads.shared++;
    const fresh = await this.store.readAll(end, this.options.fetchLimit);
    const current = this.end;
    // Only extend the run where this read started (a direct read may have moved the run meanwhile).
    if (current === undefined || comparePositions(current, end) !== 0) return 0;
    if (fresh.length === 0) {
      this.quietUntil = Date.now() + this.options.quietReuseMs;
      return 0;
    }
    this.events.push(...fresh);
    const over = this.events.length - this.options.capacity;
    if (over > 0) {
      const dropped = this.events[over - 1];
      this.start = { transactionId: dropped.transactionId, position: dropped.position };
      this.events = this.events.slice(over);
    }
    return fresh.length;
  }

  /**
   * Resolves 'notified' once the tail holds events after `position` (at once when it does already, or
   * when `position` is before the run: the reader reads those itself), 'timeout' after `timeoutMs`.
   */
  waitAfter(position: EventPosition, timeoutMs: number): Promise<'notified' | 'timeout'> {
    if (this.hasAfter(position)) return Promise.resolve('notified');
    return new Promise((resolve) => {
      const waiter = {
        after: position,
        wake: () => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve('notified');
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        resolve('timeout');
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  /** Wakes every waiting reader (new events, no run to follow yet, or shutting down). */
  wakeAll(): void {
    for (const waiter of [...this.waiters]) waiter.wake();
  }

  private hasAfter(position: EventPosition): boolean {
    const end = this.end;
    return end !== undefined && comparePositions(position, end) < 0;
  }

  /**
   * Reads the head after every notification of `wakes` (and every `pollIntervalMs` without one) until
   * `stopFollowing`, and wakes the readers waiting for what it found.
   */
  follow(wakes: AppendWakes, options: { pollIntervalMs: number }): void {
    if (this.follower && !this.follower.stopped) return;
    let stop = () => {};
    const stopping = new Promise<'stopped'>((resolve) => (stop = () => resolve('stopped')));
    const follower: Follower = {
      loop: Promise.resolve(),
      stopped: false,
      stop,
      stopping,
      lastReadAt: Date.now(),
      pollIntervalMs: options.pollIntervalMs,
    };
    this.follower = follower;
    follower.loop = this.followLoop(wakes, follower);
  }

  /** Stops following and wakes the waiting readers; resolves once the loop has ended. */
  async stopFollowing(): Promise<void> {
    const follower = this.follower;
    if (!follower) return;
    follower.stopped = true;
    follower.stop();
    this.wakeAll();
    await follower.loop;
  }

  private async followLoop(wakes: AppendWakes, follower: Follower): Promise<void> {
    // After a notification the new events may still wait for an older transaction to end: look again
    // soon, backing off (2, 4, 8 ... ms); otherwise wait a whole polling interval.
    let retryMs = 0;
    while (!follower.stopped) {
      const woken = await Promise.race([wakes.wait(retryMs || follower.pollIntervalMs), follower.stopping]);
      if (follower.stopped) return;
      let added = 0;
      try {
        const end = this.end;
        if (end === undefined) {
          // No run yet (no reader has reached the head): the readers read for themselves.
          this.wakeAll();
          follower.lastReadAt = Date.now();
          continue;
        }
        // A whole fetch may leave more behind it: read on until the head.
        for (let got = this.options.fetchLimit; got >= this.options.fetchLimit;) {
          const from = this.end;
          if (from === undefined) break;
          got = await this.sharedFetch(from);
          added += got;
        }
        follower.lastReadAt = Date.now();
      } catch {
        // The store did not answer: the readers read it themselves until the follower reads again.
        this.wakeAll();
        retryMs = follower.pollIntervalMs;
        continue;
      }
      // (Also a reader the run has moved past: it reads the events before the run itself.)
      for (const waiter of [...this.waiters]) if (this.hasAfter(waiter.after)) waiter.wake();
      if (added > 0) retryMs = 0;
      else if (woken === 'notified') retryMs = 2;
      else if (retryMs > 0) retryMs = retryMs * 2 > follower.pollIntervalMs ? 0 : retryMs * 2;
    }
  }
}

/** The events of a contiguous run (in the global order) after `after`, at most `limit`. */
function sliceAfter(events: readonly RecordedEvent[], after: EventPosition, limit: number): RecordedEvent[] {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (comparePositions(events[mid], after) <= 0) low = mid + 1;
    else high = mid;
  }
  return events.slice(low, low + limit);
}
