import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';

/** A pool, or one client (for an append inside a caller's transaction). */
export type Queryable = Pick<Pool, 'query'> | PoolClient;
import {
  type Actor,
  type EventDataMap,
  type EventMetadata,
  type EventPosition,
  type EventType,
  type RecordedEvent,
  type RecordedEventOfType,
  isEventOfType,
  InvalidEventDataError,
  MAX_EVENT_DATA_BYTES,
  MAX_EVENTS_PER_APPEND,
  UnknownEventTypeError,
  isKnownEventType,
  latestVersion,
  unstorableJsonReason,
  unstorableJsonTextReason,
  recordedEvent,
  validateEventData,
} from '@app/contracts';
import {
  type AppendRow,
  type GroupCommitOptions,
  type GroupCommitStats,
  GroupCommitter,
  type PreparedEvent,
  eventsJson,
} from './group-commit';
import {
  DuplicateEventIdError,
  type ExpectedState,
  InvalidAppendError,
  WrongExpectedVersionError,
  isExactExpectation,
} from './errors';

export type NewEvent<T extends EventType = EventType> = {
  [K in T]: { type: K; data: EventDataMap[K]; eventId?: string };
}[T];

/** Who and what caused an append; copied into the metadata of every event of it. */
export type AppendContext = {
  actor?: Actor;
  correlationId?: string;
  causationId?: string;
  occurredAt?: Date;
};

export type AppendOptions = AppendContext & { expectedState?: ExpectedState };

export type AppendResult = {
  /** Revision of the stream's last event after the append. */
  streamRevision: number;
  /** Place of the append's last event in the global order (the consistency token). */
  position: EventPosition;
  /** True when every event id was already stored by an earlier identical append. */
  idempotent: boolean;
};

export type ReadStreamOptions = {
  direction?: 'forwards' | 'backwards';
  /** Inclusive; defaults to the start (forwards) or the end (backwards). */
  fromRevision?: number;
  maxCount?: number;
};

export const EVENTS_CHANNEL = 'es_events_appended';
/** Appends of at most this many events share group commits; larger ones commit alone. */
const GROUPED_APPEND_MAX_EVENTS = 10;
/** Longest an append's notification waits to be shared with later appends. */
const NOTIFY_INTERVAL_MS = 5;
/** An `any` append that keeps losing races to other appends on its stream gives up after this. */
const MAX_ANY_RETRIES = 50;
const STREAM_ID_PATTERN = /^[\w.:@/-]{1,200}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Name of the unique constraint a PostgreSQL error violated, if it is one. */
function uniqueViolation(error: unknown): string | undefined {
  const pgError = error as { code?: string; constraint?: string };
  return pgError?.code === '23505' ? pgError.constraint : undefined;
}

type EventRow = {
  position: string;
  xid_text: string;
  stream_id: string;
  revision: string;
  type: string;
  version: number;
  data: unknown;
  metadata: EventMetadata;
};

/** Events read per page of a whole stream. */
const STREAM_PAGE = 1000;

/** What an event is read back from (its id is read from its metadata, which holds it too). */
const EVENT_COLUMNS =
  'position, transaction_id::text AS xid_text, stream_id, revision, type, version, data, metadata';

export type PgEventStoreOptions = {
  /** Wake subscribers (NOTIFY) after appends; default true. */
  notify?: boolean;
  /**
   * Let concurrent appends share a transaction (group-commit.ts): default true on a pool, never on a
   * single client (an append inside the caller's transaction). False: one transaction per append.
   */
  groupCommit?: boolean | Partial<GroupCommitOptions>;
};

/**
 * The event store on PostgreSQL. Small appends waiting at the same moment share a transaction
 * (group commit, es_append_group); the others take one round trip each (one INSERT, or es_append).
 * The global read skips nothing committed late: it reads only transactions older than the
 * snapshot's xmin and orders by (transaction_id, position).
 */
export class PgEventStore {
  private notifyScheduled = false;
  private lastNotifyAt = 0;
  private readonly group: GroupCommitter | undefined;

  constructor(
    private readonly pool: Queryable,
    private readonly options: PgEventStoreOptions = {},
  ) {
    const groupCommit = options.groupCommit ?? true;
    if (groupCommit !== false && isPool(pool))
      this.group = new GroupCommitter(
        pool,
        (streamId, expected, events) => this.appendAlone(streamId, expected, eventsJson(events), false),
        () => this.scheduleNotify(),
        groupCommit === true ? {} : groupCommit,
      );
  }

  /** What group commit has done (undefined without it). */
  get groupCommitStats(): GroupCommitStats | undefined {
    return this.group && { ...this.group.stats };
  }

  async append(
    streamId: string,
    events: readonly NewEvent[],
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    const expected = options.expectedState ?? 'any';
    const prepared = this.prepare(streamId, events, expected, options);
    // Ids made here are random UUIDs and cannot be stored already; ids the caller chose can, so those
    // appends keep es_append's check for a stored id (idempotent or refused), one transaction each. A
    // large append is a group on its own already: it goes alone rather than wait for a group.
    const callerChoseIds = events.some((event) => event.eventId !== undefined);
    const group = !callerChoseIds && events.length <= GROUPED_APPEND_MAX_EVENTS ? this.group : undefined;
    if (group) return this.settle(streamId, expected, () => group.append(streamId, expected, prepared));
    // An append alone keeps only its document (one string) while it waits, not the events' pieces.
    return this.settle(
      streamId,
      expected,
      this.sendAlone(streamId, expected, eventsJson(prepared), callerChoseIds),
    );
  }

  /** Sends an append in a transaction of its own, each time it is called (made apart from the events). */
  private sendAlone(streamId: string, expected: ExpectedState, payload: string, callerChoseIds: boolean) {
    return () => this.appendAlone(streamId, expected, payload, callerChoseIds);
  }

  /** Sends an append (again while an `any` append loses races) and answers what the store decided. */
  private async settle(
    streamId: string,
    expected: ExpectedState,
    send: () => Promise<AppendRow>,
  ): Promise<AppendResult> {
    for (let attempt = 1; ; attempt++) {
      try {
        const row = await send();
        if (row.status === 'conflict') {
          const current =
            row.stream_revision === null ? await this.revisionOf(streamId) : Number(row.stream_revision);
          throw new WrongExpectedVersionError(streamId, expected, current);
        }
        if (row.status === 'duplicate_id') throw new DuplicateEventIdError(streamId);
        return {
          streamRevision: Number(row.stream_revision),
          position: { transactionId: BigInt(row.last_transaction_id!), position: BigInt(row.last_position!) },
          idempotent: row.status === 'idempotent',
        };
      } catch (error) {
        const constraint = uniqueViolation(error);
        // Two appends of one event id to different streams at once: the loser meets the unique index.
        if (constraint === 'es_events_event_id_key') throw new DuplicateEventIdError(streamId);
        if (constraint !== 'es_events_stream_id_revision_key') throw error;
        // Another append took these revisions first. With `any` that only means: try again on top.
        if (expected !== 'any' || attempt >= MAX_ANY_RETRIES) {
          throw new WrongExpectedVersionError(streamId, expected, await this.revisionOf(streamId));
        }
      }
    }
  }

  /** One append in a transaction of its own. */
  private async appendAlone(
    streamId: string,
    expected: ExpectedState,
    payload: string,
    callerChoseIds: boolean,
  ): Promise<AppendRow> {
    const fast = !callerChoseIds && isExactExpectation(expected);
    const row = fast
      ? await this.appendInOneStatement(streamId, expected, payload)
      : await this.appendLocked(streamId, expected, payload);
    // (A group's appends are announced when the group commits.)
    if (row.status === 'ok') this.scheduleNotify();
    return row;
  }

  /**
   * The common path (no_stream or an exact revision, ids made here): one INSERT, no lock. The
   * unique (stream_id, revision) index turns a lost race into a conflict.
   */
  private async appendInOneStatement(streamId: string, expected: ExpectedState, payload: string) {
    const result = await this.pool.query<AppendRow & { inserted: string }>({
      name: 'es_append_one_statement',
      text: `WITH start AS (
               SELECT CASE WHEN $2::bigint IS NULL THEN -1::bigint
                           ELSE (SELECT e.revision FROM es_events e WHERE e.stream_id = $1 AND e.revision = $2::bigint)
                      END AS revision
             ), inserted AS (
               INSERT INTO es_events (stream_id, revision, event_id, type, version, data, metadata)
               SELECT $1, start.revision + x.ord, x.event_id, x.type, x.version, x.data, x.metadata
                 FROM start,
                      ROWS FROM (jsonb_to_recordset($3::jsonb)
                        AS (event_id uuid, type text, version integer, data jsonb, metadata jsonb))
                      WITH ORDINALITY AS x (event_id, type, version, data, metadata, ord)
                WHERE start.revision IS NOT NULL
                ORDER BY x.ord
               RETURNING es_events.position, es_events.revision
             )
             SELECT CASE WHEN count(*) = 0 THEN 'conflict' ELSE 'ok' END AS status,
                    max(revision) AS stream_revision, max(position) AS last_position,
                    pg_current_xact_id_if_assigned()::text AS last_transaction_id
               FROM inserted`,
      values: [streamId, expected === 'no_stream' ? null : expected, payload],
    });
    return result.rows[0];
  }

  /** Appends with `any`, `stream_exists` or caller-chosen ids: serialised per stream, idempotent. */
  private async appendLocked(streamId: string, expected: ExpectedState, payload: string) {
    const result = await this.pool.query<AppendRow>({
      name: 'es_append',
      text: 'SELECT * FROM es_append($1, $2, $3::jsonb)',
      values: [streamId, String(expected), payload],
    });
    return result.rows[0];
  }

  /** Revision of the stream's last event, -1 when it has none. */
  private async revisionOf(streamId: string): Promise<number> {
    const result = await this.pool.query<{ revision: string | null }>({
      name: 'es_stream_revision',
      text: 'SELECT max(revision) AS revision FROM es_events WHERE stream_id = $1',
      values: [streamId],
    });
    return result.rows[0].revision === null ? -1 : Number(result.rows[0].revision);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const limit = options.maxCount ?? 1000;
    const from = options.fromRevision ?? (backwards ? Number.MAX_SAFE_INTEGER : 0);
    const result = await this.pool.query<EventRow>({
      name: backwards ? 'es_read_stream_backwards' : 'es_read_stream',
      text: `SELECT ${EVENT_COLUMNS} FROM es_events WHERE stream_id = $1 AND revision ${backwards ? '<=' : '>='} $2
       ORDER BY revision ${backwards ? 'DESC' : 'ASC'} LIMIT $3`,
      values: [streamId, from, limit],
    });
    return result.rows.map(toRecordedEvent);
  }

  /**
   * Events after `after` in the global order, at most `limit`. Never returns an event of a
   * transaction that an older, still-running transaction could precede, so checkpointing the
   * last returned pair can never skip an event that commits later.
   */
  async readAll(after: EventPosition, limit: number): Promise<RecordedEvent[]> {
    const result = await this.pool.query<EventRow>({
      name: 'es_read_all',
      text: `SELECT ${EVENT_COLUMNS} FROM es_events
        WHERE (transaction_id, position) > ($1::text::xid8, $2::bigint)
          AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY transaction_id, position
        LIMIT $3`,
      values: [after.transactionId.toString(), after.position.toString(), limit],
    });
    return result.rows.map(toRecordedEvent);
  }

  /** Every event of a stream, in order (read in pages). */
  async readWholeStream(streamId: string): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    for (;;) {
      const page = await this.readStream(streamId, { fromRevision: events.length, maxCount: STREAM_PAGE });
      events.push(...page);
      if (page.length < STREAM_PAGE) return events;
    }
  }

  /** Revision of the stream's last event, -1 when it has none. */
  async streamRevision(streamId: string): Promise<number> {
    return this.revisionOf(streamId);
  }

  /** One event by its id, wherever it is stored. */
  async readEvent(eventId: string): Promise<RecordedEvent | undefined> {
    const result = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM es_events WHERE event_id = $1`,
      [eventId],
    );
    return result.rows[0] && toRecordedEvent(result.rows[0]);
  }

  /**
   * One event's data exactly as it was written, with the schema version it was written in (reading
   * through `readEvent` upcasts it to today's version): what the audit history shows beside it.
   */
  async readStoredData(eventId: string): Promise<{ schemaVersion: number; data: unknown } | undefined> {
    const result = await this.pool.query<{ version: number; data: unknown }>(
      'SELECT version, data FROM es_events WHERE event_id = $1',
      [eventId],
    );
    const row = result.rows[0];
    return row && { schemaVersion: row.version, data: row.data };
  }

  /**
   * The last event of a type in each stream that holds one whose data field `field` equals `value`
   * (e.g. the latest QuestionPublished of every question of a product). Indexed for the types that
   * need it (see the migrations).
   */
  async latestOfTypeByStream<T extends EventType>(
    type: T,
    field: string,
    value: string,
  ): Promise<RecordedEventOfType<T>[]> {
    const result = await this.pool.query<EventRow>(
      `SELECT DISTINCT ON (stream_id) ${EVENT_COLUMNS} FROM es_events
        WHERE type = $1 AND data->>$2 = $3
        ORDER BY stream_id, revision DESC`,
      [type, field, value],
    );
    return result.rows.map(toRecordedEvent).filter((event) => isEventOfType(event, type));
  }

  /** How many events are stored, or stored up to a position of the global order. */
  async count(upTo?: EventPosition): Promise<number> {
    const result = upTo
      ? await this.pool.query<{ count: string }>(
          `SELECT count(*) FROM es_events WHERE (transaction_id, position) <= ($1::text::xid8, $2::bigint)`,
          [upTo.transactionId.toString(), upTo.position.toString()],
        )
      : await this.pool.query<{ count: string }>('SELECT count(*) FROM es_events');
    return Number(result.rows[0].count);
  }

  /**
   * What a reader at `after` has still to read (counted up to `cap`) and when the oldest of it was
   * recorded: the figures of a projection's lag. With `types`, only events of those types count (what a
   * projection handles: moving past the others changes nothing of its read model).
   */
  async pendingAfter(
    after: EventPosition,
    cap: number,
    types?: readonly string[],
  ): Promise<{ count: number; oldestRecordedAt: Date | null }> {
    const result = await this.pool.query<{ behind: string; oldest: Date | null }>(
      `SELECT count(*) AS behind, min(recorded_at) AS oldest FROM (
         SELECT recorded_at FROM es_events
          WHERE (transaction_id, position) > ($1::text::xid8, $2::bigint)
            AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
            AND ($4::text[] IS NULL OR type = ANY($4::text[]))
          LIMIT $3) pending`,
      [after.transactionId.toString(), after.position.toString(), cap, types ?? null],
    );
    return { count: Number(result.rows[0].behind), oldestRecordedAt: result.rows[0].oldest };
  }

  /**
   * Whether a reader at `after` that handles only `types` would change nothing by reading on up to
   * `upTo`: every transaction up to `upTo`'s has ended (nothing can still appear before it) and none of
   * the events after `after` up to `upTo` has one of the types.
   */
  async nothingOfTypesBetween(
    after: EventPosition,
    upTo: EventPosition,
    types: readonly string[],
  ): Promise<boolean> {
    const result = await this.pool.query<{ settled: boolean; relevant: boolean }>({
      name: 'es_nothing_of_types_between',
      text: `SELECT $3::text::xid8 < pg_snapshot_xmin(pg_current_snapshot()) AS settled,
                    EXISTS (SELECT 1 FROM es_events
                             WHERE (transaction_id, position) > ($1::text::xid8, $2::bigint)
                               AND (transaction_id, position) <= ($3::text::xid8, $4::bigint)
                               AND type = ANY($5::text[])) AS relevant`,
      values: [
        after.transactionId.toString(),
        after.position.toString(),
        upTo.transactionId.toString(),
        upTo.position.toString(),
        types,
      ],
    });
    const row = result.rows[0];
    return row.settled && !row.relevant;
  }

  /** The last event visible to global readers (null in an empty store) and when it was recorded. */
  async head(): Promise<{ position: EventPosition | null; occurredAt: string | null }> {
    // Careful: an output column named like a table column would make ORDER BY sort the text form.
    const result = await this.pool.query<{ position: string; xid_text: string; recorded_at: Date }>(
      `SELECT position, transaction_id::text AS xid_text, recorded_at FROM es_events
        WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY transaction_id DESC, position DESC LIMIT 1`,
    );
    const row = result.rows[0];
    if (!row) return { position: null, occurredAt: null };
    return {
      position: { transactionId: BigInt(row.xid_text), position: BigInt(row.position) },
      occurredAt: row.recorded_at.toISOString(),
    };
  }

  private prepare(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedState,
    context: AppendContext,
  ): PreparedEvent[] {
    if (!STREAM_ID_PATTERN.test(streamId)) {
      throw new InvalidAppendError(
        'VALIDATION_FAILED',
        'A stream id is 1 to 200 letters, digits or the characters . : @ / - _.',
      );
    }
    if (typeof expected === 'number' && (!Number.isSafeInteger(expected) || expected < 0)) {
      throw new InvalidAppendError('VALIDATION_FAILED', 'An expected revision is a whole number from 0.');
    }
    if (events.length === 0 || events.length > MAX_EVENTS_PER_APPEND) {
      throw new InvalidAppendError(
        'VALIDATION_FAILED',
        `An append holds 1 to ${MAX_EVENTS_PER_APPEND} events, not ${events.length}.`,
      );
    }
    const occurredAt = (context.occurredAt ?? new Date()).toISOString();
    // The metadata members every event of the append shares, serialised once.
    const shared = `"actor":${JSON.stringify(context.actor ?? { kind: 'system' })},"occurredAt":"${occurredAt}"`;
    // The batch's first event is the decision; the others are its consequences, caused by it.
    const ids = events.map((event) => {
      if (event.eventId === undefined) return randomUUID();
      if (!UUID_PATTERN.test(event.eventId))
        throw new InvalidAppendError('VALIDATION_FAILED', 'An event id is a UUID.');
      return event.eventId;
    });
    // A correlation or cause given is every event's; the ids are UUIDs and need no escaping.
    const givenCorrelation =
      context.correlationId === undefined ? undefined : JSON.stringify(context.correlationId);
    const givenCause = context.causationId === undefined ? undefined : JSON.stringify(context.causationId);
    return events.map((event, index) => {
      if (!isKnownEventType(event.type)) {
        throw new InvalidAppendError('UNKNOWN_EVENT_TYPE', new UnknownEventTypeError(event.type).message);
      }
      let data: unknown;
      try {
        data = validateEventData(event.type, event.data);
      } catch (error) {
        if (error instanceof InvalidEventDataError)
          throw new InvalidAppendError('INVALID_EVENT_DATA', error.message);
        throw error;
      }
      const dataJson = serialise(data);
      const unstorable =
        dataJson === undefined ? unstorableJsonReason(data) : unstorableJsonTextReason(data, dataJson);
      if (unstorable || dataJson === undefined) {
        throw new InvalidAppendError(
          'INVALID_EVENT_DATA',
          `The data of ${event.type} ${unstorable ?? 'cannot be serialised'}.`,
        );
      }
      // UTF-8 takes at most 3 bytes per UTF-16 unit: only a long text is measured.
      const size = dataJson.length * 3 > MAX_EVENT_DATA_BYTES ? Buffer.byteLength(dataJson) : dataJson.length;
      if (size > MAX_EVENT_DATA_BYTES) {
        throw new InvalidAppendError(
          'EVENT_TOO_LARGE',
          `The data of ${event.type} is ${size} bytes; the limit is ${MAX_EVENT_DATA_BYTES}.`,
        );
      }
      const eventId = ids[index];
      const version = latestVersion(event.type);
      const correlationId = givenCorrelation ?? `"${eventId}"`;
      const causationId = givenCause ?? (index === 0 ? correlationId : `"${ids[0]}"`);
      // EventMetadata, written as JSON member by member: the id matched UUID_PATTERN or was made here,
      // the type is a catalogue name (checked above: letters only), the version is a number, the rest
      // went through JSON.stringify.
      // Joined rather than added: one flat string, not a tree of pieces the young generation's
      // collections would copy while the append waits for its group or its answer.
      const members = [
        '"event_id":"',
        eventId,
        '","type":"',
        event.type,
        '","version":',
        version,
        ',"data":',
        dataJson,
        ',"metadata":{"eventId":"',
        eventId,
        '","correlationId":',
        correlationId,
        ',"causationId":',
        causationId,
        ',',
        shared,
        ',"schemaVersion":',
        version,
        '}',
      ].join('');
      return { members };
    });
  }

  /** Wakes subscribers after a caller's own transaction holding appends has committed. */
  notifyAppended(): void {
    this.scheduleNotify();
  }

  /**
   * Wakes subscribers. Each NOTIFY is a commit of its own that PostgreSQL serialises, so appends
   * share one: at most one per NOTIFY_INTERVAL_MS, the first at once.
   */
  private scheduleNotify(): void {
    if (this.options.notify === false || this.notifyScheduled) return;
    this.notifyScheduled = true;
    const wait = Math.max(0, this.lastNotifyAt + NOTIFY_INTERVAL_MS - Date.now());
    setTimeout(() => {
      this.notifyScheduled = false;
      this.lastNotifyAt = Date.now();
      this.pool
        .query({ name: 'es_notify', text: 'SELECT pg_notify($1, $2)', values: [EVENTS_CHANNEL, ''] })
        .catch(() => {
          /* subscribers fall back to polling */
        });
    }, wait);
  }
}

/** A pool (which group commit borrows clients from), not one client. */
function isPool(queryable: Queryable): queryable is Pool {
  return 'totalCount' in queryable && 'connect' in queryable;
}

/**
 * The data's JSON text ('null' for undefined, as before), or undefined when it is nested too deep to
 * serialise (the walk then says so).
 */
function serialise(data: unknown): string | undefined {
  try {
    return JSON.stringify(data) ?? 'null';
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return recordedEvent(
    {
      type: row.type,
      data: row.data,
      metadata: row.metadata,
      streamId: row.stream_id,
      revision: Number(row.revision),
      position: BigInt(row.position),
      transactionId: BigInt(row.xid_text),
      storedVersion: row.version,
    },
    row.version,
  );
}
