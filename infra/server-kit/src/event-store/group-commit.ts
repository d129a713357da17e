import type { Pool } from 'pg';
import type { ExpectedState } from './errors';

/*
 * Group commit: appends that wait at the same moment share one transaction, so one WAL flush makes all
 * of them durable. A writer loop takes what is waiting (up to a size) and hands it to es_append_group
 * (see its migration) in one call: it locks the streams in one order, reads their revisions once,
 * decides each append in the order it came on the revision the ones before it left, and inserts every
 * accepted event in one statement. Each caller hears its own outcome: a conflict fails only its own
 * append. Order and gap-safety are the store's as before (one transaction id for the whole group; the
 * global read orders by (transaction id, position)).
 */

/**
 * An event ready to store (the store's `prepare` made it): its columns as the members of a JSON object
 * (`"event_id":…,"type":…,"version":…,"data":…,"metadata":…`), serialised once, so that an append
 * alone and a group each wrap them without serialising the data again.
 */
export type PreparedEvent = { members: string };

/** The JSON array es_append and the one-statement append read: `[{event_id, type, …}, …]`. */
export function eventsJson(events: readonly PreparedEvent[]): string {
  return `[${events.map((event) => `{${event.members}}`).join(',')}]`;
}

/** What the store answers an append with (the shape es_append returns). */
export type AppendRow = {
  status: 'ok' | 'idempotent' | 'conflict' | 'duplicate_id';
  stream_revision: string | null;
  last_position: string | null;
  last_transaction_id: string | null;
};

type Pending = {
  streamId: string;
  expected: ExpectedState;
  events: PreparedEvent[];
  resolve: (row: AppendRow) => void;
  reject: (error: unknown) => void;
};

export type GroupCommitOptions = {
  /** Most appends in one group. */
  maxAppends: number;
  /** Most events in one group (an append is never split). */
  maxEvents: number;
  /** Groups in flight at once: while one waits for its flush, the next is being written. */
  concurrency: number;
};

export const defaultGroupCommitOptions: GroupCommitOptions = {
  maxAppends: 512,
  maxEvents: 10_000,
  concurrency: 2,
};

/**
 * A group the database refused as a whole (another writer took a revision first, outside the group
 * locks, or a deadlock with such a writer): nothing of it was stored, so each append is tried alone.
 */
const RETRY_ALONE = new Set(['23505', '40P01', '40001']);

/** What the committer has done since it was made. */
export type GroupCommitStats = {
  groups: number;
  appends: number;
  largestGroup: number;
  /** Groups the database refused as a whole, whose appends were then tried alone. */
  retriedAlone: number;
};

export class GroupCommitter {
  readonly stats: GroupCommitStats = { groups: 0, appends: 0, largestGroup: 0, retriedAlone: 0 };
  private readonly queue: Pending[] = [];
  private inFlight = 0;
  private pumpScheduled = false;
  private readonly options: GroupCommitOptions;

  constructor(
    private readonly pool: Pool,
    /** Appends one alone, the store's way without a group (used when a group is refused). */
    private readonly alone: (
      streamId: string,
      expected: ExpectedState,
      events: PreparedEvent[],
    ) => Promise<AppendRow>,
    /** Called after a group that stored events has committed. */
    private readonly onCommitted: () => void,
    options: Partial<GroupCommitOptions> = {},
  ) {
    this.options = { ...defaultGroupCommitOptions, ...options };
  }

  append(streamId: string, expected: ExpectedState, events: PreparedEvent[]): Promise<AppendRow> {
    return new Promise<AppendRow>((resolve, reject) => {
      this.queue.push({ streamId, expected, events, resolve, reject });
      this.schedulePump();
    });
  }

  /**
   * Starts groups once the appends made in this turn of the event loop are queued: the callers a group
   * answers append again in the same turn, and starting a group at the first of them would send it alone.
   */
  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.options.concurrency && this.queue.length > 0) {
      const group = this.take();
      this.inFlight++;
      void this.commit(group).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  /** The waiting appends, oldest first, up to the group's limits (at least one). */
  private take(): Pending[] {
    let events = 0;
    let count = 0;
    while (count < this.queue.length && count < this.options.maxAppends) {
      const size = this.queue[count].events.length;
      if (count > 0 && events + size > this.options.maxEvents) break;
      events += size;
      count++;
    }
    return this.queue.splice(0, count);
  }

  private async commit(group: Pending[]): Promise<void> {
    this.stats.groups++;
    this.stats.appends += group.length;
    this.stats.largestGroup = Math.max(this.stats.largestGroup, group.length);
    let answers: AppendRow[];
    try {
      answers = await this.write(group);
    } catch (error) {
      const code = (error as { code?: string })?.code;
      if (code !== undefined && RETRY_ALONE.has(code)) {
        this.stats.retriedAlone++;
        await this.eachAlone(group);
      } else for (const append of group) append.reject(error);
      return;
    }
    if (answers.some((answer) => answer.status === 'ok')) this.onCommitted();
    group.forEach((append, index) => append.resolve(answers[index]));
  }

  /** One call, one transaction (autocommitted): es_append_group decides and stores the whole group. */
  private async write(group: Pending[]): Promise<AppendRow[]> {
    // es_append_group's document: every event with its append's place and its own place in it.
    const events = `[${group
      .flatMap((append, app) =>
        append.events.map((event, off) => `{"app":${app},"off":${off},${event.members}}`),
      )
      .join(',')}]`;
    const result = await this.pool.query<AppendRow>({
      name: 'es_append_group',
      text: 'SELECT * FROM es_append_group($1::text[], $2::text[], $3::integer[], $4::jsonb)',
      values: [
        group.map((append) => append.streamId),
        group.map((append) => String(append.expected)),
        group.map((append) => append.events.length),
        events,
      ],
    });
    return result.rows;
  }

  /** Each append of a refused group on its own, in the order they came. */
  private async eachAlone(group: Pending[]): Promise<void> {
    for (const append of group) {
      try {
        append.resolve(await this.alone(append.streamId, append.expected, append.events));
      } catch (error) {
        append.reject(error);
      }
    }
  }
}
