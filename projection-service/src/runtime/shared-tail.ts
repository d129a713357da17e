import { type EventPosition, type RecordedEvent, comparePositions } from '@app/contracts';
import type { PgEventStore } from '@app/server-kit';

/** What the runners read the global order through: the store itself, or a SharedTail over it. */
export type GlobalReader = Pick<PgEventStore, 'readAll'>;

export type SharedTailOptions = {
  /** Most recent events kept for readers that have not taken them yet. */
  capacity: number;
  /** Events one read of the head asks the store for. */
  fetchLimit: number;
  /** How long an answer of "nothing new" is shared before the store is asked again. */
  quietReuseMs: number;
};

export const defaultSharedTailOptions: SharedTailOptions = {
  capacity: 10_000,
  fetchLimit: 1000,
  quietReuseMs: 1,
};

/**
 * The head of the global order, read once for every runner of a process. Caught-up runners all ask for
 * the events after the same position when an append wakes them; without this each of them would read
 * and parse the same rows. The tail keeps the latest contiguous run of the global order as the store's
 * own safe read (readAll) returned it, so a slice of it is exactly what readAll would answer: a reader
 * at its end waits for one shared read of the store; a reader inside it gets a slice; a reader outside
 * it (a rebuild, a runner far behind) reads the store directly.
 */
export class SharedTail implements GlobalReader {
  /** The run: events after `start`, in the global order, contiguous. */
  private start: EventPosition | undefined;
  private events: RecordedEvent[] = [];
  private fetching: Promise<void> | undefined;
  private quietUntil = 0;
  private readonly options: SharedTailOptions;
  /** Reads of the store made for the tail and for readers outside it (for tests and the status). */
  readonly reads = { shared: 0, direct: 0 };

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
    if (atEnd < 0) return this.slice(after, limit);
    if (Date.now() < this.quietUntil) return [];
    this.fetching ??= this.fetch(end).finally(() => (this.fetching = undefined));
    await this.fetching;
    return this.slice(after, limit);
  }

  /** The events after `after` within the run, at most `limit`. */
  private slice(after: EventPosition, limit: number): RecordedEvent[] {
    let low = 0;
    let high = this.events.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (comparePositions(this.events[mid], after) <= 0) low = mid + 1;
      else high = mid;
    }
    return this.events.slice(low, low + limit);
  }

  /** A read outside the run; a caught-up reader's empty answer starts the run at its position. */
  private async direct(after: EventPosition, limit: number): Promise<RecordedEvent[]> {
    this.reads.direct++;
    const events = await this.store.readAll(after, limit);
    const end = this.end;
    // A reader at the head, ahead of the run (or with no run yet): the run starts again at its position.
    if (events.length === 0 && (end === undefined || comparePositions(after, end) > 0)) {
      this.start = after;
      this.events = [];
    }
    return events;
  }

  private async fetch(end: EventPosition): Promise<void> {
    this.reads.shared++;
    const fresh = await this.store.readAll(end, this.options.fetchLimit);
    const current = this.end;
    // Only extend the run where this read started (a direct read may have moved the run meanwhile).
    if (current === undefined || comparePositions(current, end) !== 0) return;
    if (fresh.length === 0) {
      this.quietUntil = Date.now() + this.options.quietReuseMs;
      return;
    }
    this.events.push(...fresh);
    const over = this.events.length - this.options.capacity;
    if (over > 0) {
      const dropped = this.events[over - 1];
      this.start = { transactionId: dropped.transactionId, position: dropped.position };
      this.events = this.events.slice(over);
    }
  }
}
