import { z } from 'zod';
import { defineCall, staffOnly } from './define';
import { built } from './build-state';
import { get, post } from './call-path';
import { actorSchema } from '../events/define';
import { parsePosition } from '../position';
import { unlockProgressSchema } from './problems/unlocks-certificates';

/*
 * The management area's audit calls: an account's history (every event that concerns it, across its
 * streams, from the account-history read model) and the events that caused one another.
 */

const userIdParams = z.object({ userId: z.uuid('The user id must be a UUID.') });

/** A global position as the API writes it (`<transaction id>.<position>`, the X-Event-Position token). */
export const positionTokenSchema = z
  .string()
  .trim()
  .refine((token) => parsePosition(token) !== undefined, 'Give a position as <transaction id>.<position>.');

/** A comma-separated list in a query string, each item trimmed, empty ones dropped. */
const commaList = (item: z.ZodString, what: string) =>
  z
    .string()
    .max(2000, `${what} is longer than 2000 characters.`)
    .transform((text) =>
      text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(50, `Give at most 50 ${what}.`));

const instant = z.iso.datetime({
  offset: true,
  message: 'Give an ISO date-time, e.g. 2026-11-26T10:00:00Z.',
});

export const accountHistoryQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int('The limit is a whole number.')
    .min(1, 'The limit is at least 1.')
    .max(1000, 'The limit is at most 1000.')
    .default(100),
  /** The `nextCursor` of the page before: the position of its last event. */
  cursor: positionTokenSchema.optional(),
  /** Event types, comma-separated. */
  types: commaList(z.string().min(1).max(100), 'types').optional(),
  /** Stream ids or their beginnings (`user-data-` matches every product's), comma-separated. */
  streams: commaList(z.string().min(1).max(200), 'streams').optional(),
  /** occurredAt from (inclusive) and to (exclusive). */
  from: instant.optional(),
  to: instant.optional(),
});

export const historyEventSchema = z.object({
  eventId: z.string(),
  /** Its global position token; the history is in this order, oldest first. */
  position: z.string(),
  type: z.string(),
  stream: z.string(),
  revision: z.number().int(),
  /** The version the data was written with; `data` is brought up to today's version. */
  schemaVersion: z.number().int(),
  occurredAt: z.string(),
  actor: actorSchema,
  correlationId: z.string(),
  causationId: z.string(),
  data: z.unknown(),
});
export type HistoryEvent = z.infer<typeof historyEventSchema>;

export const getAccountHistory = defineCall({
  route: get('getAccountHistory', '/api/staff/v1/accounts/{userId}/history'),
  state: built,
  kind: 'query',
  access: staffOnly,
  params: userIdParams,
  summary:
    'Every event concerning an account, across its streams, oldest first; cursor paging, filters by type, stream and time.',
  request: accountHistoryQuerySchema,
  response: z.object({ events: z.array(historyEventSchema), nextCursor: z.string().nullable() }),
});

export const exportAccountHistory = defineCall({
  route: get('exportAccountHistory', '/api/staff/v1/accounts/{userId}/history/export'),
  state: built,
  kind: 'query',
  access: staffOnly,
  params: userIdParams,
  summary: "The account's whole history (same filters) as NDJSON: one event per line, oldest first.",
  request: accountHistoryQuerySchema.omit({ limit: true, cursor: true }),
  response: z.unknown(),
});

export const getEventCausation = defineCall({
  route: get('getEventCausation', '/api/staff/v1/events/{eventId}/causation'),
  state: built,
  kind: 'query',
  access: staffOnly,
  params: z.object({ eventId: z.uuid('The event id must be a UUID.') }),
  summary:
    'One event of the history, what caused it (its causation chain, nearest first), what it caused, and the other events of its request.',
  request: z.object({}),
  response: z.object({
    event: historyEventSchema,
    /** The event's data exactly as stored, in the schema version it was written in (`event.data` is upcast). */
    stored: z.object({ schemaVersion: z.number().int(), data: z.unknown() }),
    causedBy: z.array(historyEventSchema),
    caused: z.array(historyEventSchema),
    sameCorrelation: z.array(historyEventSchema),
  }),
});

/** An account as it was after one event of its history: the views a learner sees, replayed. */
export const accountAsOfSchema = z.object({
  /** The position asked for. */
  position: z.string(),
  /** The account's last event at or before it (null: before its first event). */
  event: historyEventSchema.nullable(),
  /** The account's events just before and after that one, to step through the history. */
  previousPosition: z.string().nullable(),
  nextPosition: z.string().nullable(),
  ownedProducts: z.array(z.string()),
  /** unlocks/get's answer per product. */
  unlocks: z.record(z.string(), unlockProgressSchema),
  /** get_my_certificates' certificates. */
  certificates: z.array(z.object({ version: z.string() }).loose()),
  /** The saved user data per product (a product without any is left out). */
  userData: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type AccountAsOf = z.infer<typeof accountAsOfSchema>;

export const getAccountAsOf = defineCall({
  route: get('getAccountAsOf', '/api/staff/v1/accounts/{userId}/as-of'),
  state: built,
  kind: 'query',
  access: staffOnly,
  params: userIdParams,
  summary:
    "The account as it was after the event at a position: the read models' own code replayed over its events (and the platform's) up to there.",
  request: z.object({ position: positionTokenSchema }),
  response: accountAsOfSchema,
});

/*
 * Read-model snapshots: one read model rebuilt "as of" a position into a schema of its own (its
 * projection's own code over the events up to there), with progress, queryable by staff, then dropped.
 */

export const projectionSnapshotSchema = z.object({
  snapshotId: z.uuid(),
  projection: z.string(),
  /** The PostgreSQL schema holding the copies of the read model's tables. */
  schema: z.string(),
  /** The position it is rebuilt as of (the X-Event-Position token). */
  position: z.string(),
  state: z.enum(['building', 'ready', 'failed', 'dropped']),
  /** Events up to the position, and how many of them have been read so far. */
  total: z.number().int().nonnegative(),
  done: z.number().int().nonnegative(),
  tables: z.array(z.string()),
  requestedBy: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type ProjectionSnapshot = z.infer<typeof projectionSnapshotSchema>;

const snapshotIdParams = z.object({ snapshotId: z.uuid('The snapshot id must be a UUID.') });

export const startProjectionSnapshot = defineCall({
  route: post('startProjectionSnapshot', '/api/staff/v1/projections/{name}/snapshots'),
  state: built,
  kind: 'command',
  service: 'projection-service',
  access: staffOnly,
  params: z.object({ name: z.string().min(1).max(100) }),
  summary:
    'Rebuild one read model as of a position into a schema of its own, in the background, with progress (at most two at a time).',
  request: z.object({ position: positionTokenSchema }),
  response: projectionSnapshotSchema,
});

export const listProjectionSnapshots = defineCall({
  route: get('listProjectionSnapshots', '/api/staff/v1/projection-snapshots'),
  state: built,
  kind: 'query',
  access: staffOnly,
  summary: 'The read-model snapshots, newest first, with their progress.',
  request: z.object({}),
  response: z.object({ snapshots: z.array(projectionSnapshotSchema) }),
});

export const getProjectionSnapshotRows = defineCall({
  route: get('getProjectionSnapshotRows', '/api/staff/v1/projection-snapshots/{snapshotId}/tables/{table}'),
  state: built,
  kind: 'query',
  access: staffOnly,
  params: snapshotIdParams.extend({ table: z.string().regex(/^[a-z0-9_]{1,63}$/, 'A table name.') }),
  summary: "One table of a ready snapshot: a page of its rows (by its first columns' order) and the count.",
  request: z.object({
    limit: z.coerce.number().int().min(1).max(500).default(100),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  }),
  response: z.object({
    columns: z.array(z.string()),
    rows: z.array(z.record(z.string(), z.unknown())),
    total: z.number().int().nonnegative(),
  }),
});

export const dropProjectionSnapshot = defineCall({
  route: post('dropProjectionSnapshot', '/api/staff/v1/projection-snapshots/{snapshotId}/drop'),
  state: built,
  kind: 'command',
  service: 'projection-service',
  access: staffOnly,
  params: snapshotIdParams,
  summary: "Drop a snapshot's schema (a building one stops first).",
  request: z.object({}),
  response: projectionSnapshotSchema,
});
