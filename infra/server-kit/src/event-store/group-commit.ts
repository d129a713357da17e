import type { Pool } from 'pg';
import { type ExpectedState, isExactExpectation } from './errors';

/*
 * Group commit: appends that wait at the same moment share one transaction, so one WAL flush makes all
 * of them durable. A writer loop takes what is waiting (up to a size) and hands it to es_append_group
 * (see its migration) in one call: it locks the streams in one order, reads their revisions once,
 * decides each append in the order it came on the revision the ones before it left, and inserts every
 * accepted event in one statement. Each caller hears its own outcome: a conflict fails only its own
 * append. Order and gap-safety are the store's as before (one transaction id for the whole group; the
 * global read orders by (transaction id, position)). A group whose appends all expect an exact state of
 * streams of their own (the common case: new streams, aggregates at a known revision) skips the locks
 * and decisions: es_append_exact_group inserts it in one statement and the unique index decides a race,
 * as for an append alone (see `writeExact`).
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
  /**
   * The waiting appends are split among free connections only when each part holds at least this many:
   * a smaller group costs PostgreSQL more per append than a second process gains (measured here: 60 µs
   * an append in groups of 32, 88 in groups of 8).
   */
  minSplitShare: number;
};

export const defaultGroupCommitOptions: GroupCommitOptions = {
  maxAppends: 512,
  maxEvents: 10_000,
  concurrency: 2,
  minSplitShare: 12,
};

/**
 * A group the database refused as a whole (another writer took a revision first, outside the group
 * locks, or a deadlock with such a writer): nothing of it was stored, so each append is tried alone.
 */
const RETRY_ALONE = new Set(['23505', '40P01', '40001']);
const UNIQUE_VIOLATION = '23505';

/** Whether each append of the group expects no stream or a revision, of a stream no other append names. */
function exactOnOwnStreams(group: readonly Pending[]): boolean {
  const streams = new Set<string>();
  for (const append of group) {
    if (!isExactExpectation(append.expected)) return false;
    if (streams.has(append.streamId)) return false;
    streams.add(append.streamId);
  }
  return true;
}

/** The group's events as one JSON array, each with its append's place and its own place in it. */
function groupDocument(group: readonly Pending[]): string {
  return `[${group
    .flatMap((append, app) =>
      append.events.map((event, off) => `{"app":${app},"off":${off},${event.members}}`),
    )
    .join(',')}]`;
}

/** What the committer has done since it was made. */
export type GroupCommitStats = {
  groups: number;
  appends: number;
  largestGroup: number;
  /** Groups the database refused as a whole, whose appends were then tried alone. */
  retriedAlone: number;
  /** Groups of exact appends to streams of their own, stored in one INSERT (see `writeExact`). */
  exactGroups: number;
  /** Such groups refused by the unique index (a revision taken), then decided by es_append_group. */
  exactRefused: number;
};

export class GroupCommitter {
  readonly stats: GroupCommitStats = {
    groups: 0,
    appends: 0,
    largestGroup: 0,
    retriedAlone: 0,
    exactGroups: 0,
    exactRefused: 0,
  };
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
      // With connections free, the waiting appends are shared among them (each part at least
      // minSplitShare): one group at a time keeps one of PostgreSQL's processes busy while the writers
      // it answers wait on it.
      const free = this.options.concurrency - this.inFlight;
      const share = Math.ceil(this.queue.length / free);
      const group = this.take(free > 1 && share >= this.options.minSplitShare ? share : Infinity);
      this.inFlight++;
      void this.commit(group).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  /** The waiting appends, oldest first, up to `share` and the group's limits (at least one). */
  private take(share: number): Pending[] {
    let events = 0;
    let count = 0;
    const most = Math.min(share, this.options.maxAppends);
    while (count < this.queue.length && count < most) {
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
      answers = exactOnOwnStreams(group) ? await this.writeExact(group) : await this.write(group);
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
  private async write(group: Pending[], document = groupDocument(group)): Promise<AppendRow[]> {
    const result = await this.pool.query<AppendRow>({
      name: 'es_append_group',
      text: 'SELECT * FROM es_append_group($1::text[], $2::text[], $3::integer[], $4::jsonb)',
      values: [
        group.map((append) => append.streamId),
        group.map((append) => String(append.expected)),
        group.map((append) => append.events.length),
        document,
      ],
    });
    return result.rows;
  }

  /**
   * A group whose appends each expect an exact state (no stream, or a revision) of a stream no other
   * append of the group names: one INSERT, as the store appends alone, without es_append_group's locks
   * and per-append decisions (a call to it costs PostgreSQL about twice a plain statement's fixed CPU,
   * and under a moderate load most groups are a few appends of new or known streams). An append whose
   * expected revision is not in its stream inserts nothing and is answered a conflict; one whose
   * revision was taken (the stream moved on, another writer got there first) meets the unique
   * (stream_id, revision) index and refuses the statement, and the group goes to es_append_group,
   * which answers each append on its own.
   */
  private async writeExact(group: Pending[]): Promise<AppendRow[]> {
    const document = groupDocument(group);
    let rows: { stream: string; rev: string; pos: string; xid: string }[];
    try {
      const result = await this.pool.query<(typeof rows)[number]>({
        name: 'es_append_exact_group',
        text: 'SELECT * FROM es_append_exact_group($1::text[], $2::bigint[], $3::jsonb)',
        values: [
          group.map((append) => append.streamId),
          group.map((append) => (append.expected === 'no_stream' ? null : String(append.expected))),
          document,
        ],
      });
      rows = result.rows;
    } catch (error) {
      if ((error as { code?: string })?.code !== UNIQUE_VIOLATION) throw error;
      this.stats.exactRefused++;
      return this.write(group, document);
    }
    this.stats.exactGroups++;
    // Each append's last event is its stream's highest revision among the rows (one append a stream).
    const last = new Map<string, (typeof rows)[number]>();
    for (const row of rows) {
      const seen = last.get(row.stream);
      if (!seen || Number(row.rev) > Number(seen.rev)) last.set(row.stream, row);
    }
    return group.map((append): AppendRow => {
      const row = last.get(append.streamId);
      return row
        ? {
            status: 'ok',
            stream_revision: row.rev,
            last_position: row.pos,
            last_transaction_id: row.xid,
          }
        : { status: 'conflict', stream_revision: null, last_position: null, last_transaction_id: null };
    });
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
