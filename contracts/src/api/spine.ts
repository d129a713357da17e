import { z } from 'zod';
import { anyone, commandAckSchema, defineCall, staffOnly } from './define';
import { built } from './build-state';
import { get, post } from './call-path';
import * as routedPaths from './routed-call-paths';
import { affiliateCodeSchema } from '../rules/affiliates';
import { positionTokenSchema } from './staff';

/** A real calendar day from year 1 (PostgreSQL has no year 0). */
const isoDay = z.iso
  .date('Use a real date of the form YYYY-MM-DD.')
  .refine((day) => !day.startsWith('0000'), 'Use a date from year 1 on.');

/** Spec 7, Events: the client's telemetry. */
export const recordEvent = defineCall({
  route: post('recordEvent', '/api/events/v1/event'),
  state: built,
  kind: 'command',
  access: anyone,
  summary: 'Append a telemetry event (UI errors, crashes, forced refresh, network errors...).',
  request: z.object({
    type: z.string().trim().min(1, 'type is required.').max(100, 'type is longer than 100 characters.'),
    body: z.unknown().optional(),
    machineUuid: z.string().max(100).optional(),
  }),
  response: commandAckSchema,
});

/**
 * The telemetry type of a visit: the client records one per machine, and one more for each account that
 * signs in on it (the learner funnel's first step). Its body names the page; the machine id is required.
 */
export const VISIT_EVENT = 'visit';
export const visitBodySchema = z
  .object({
    path: z.string().startsWith('/', 'path starts with /.').max(500, 'path is longer than 500 characters.'),
    referrer: z.string().max(2000, 'referrer is longer than 2000 characters.').optional(),
  })
  .strict();
export type VisitBody = z.infer<typeof visitBodySchema>;

/** Spec 7, Affiliates: the affiliate code as the body; fire and forget. */
export const trackAffiliateClick = defineCall({
  route: post('trackAffiliateClick', '/api/subscriptions/v1/affiliates/tracking/click'),
  state: built,
  kind: 'command',
  access: anyone,
  fireAndForget: true,
  summary: 'Record one click on an affiliate link. The body is the code (JSON string or text/plain).',
  request: z.union([affiliateCodeSchema, z.object({ code: affiliateCodeSchema })]),
  response: commandAckSchema,
});

const dayRange = z.object({ from: isoDay.optional(), to: isoDay.optional() });

export const telemetryDailyCounts = defineCall({
  route: get('telemetryDailyCounts', '/api/staff/v1/telemetry/daily'),
  state: built,
  kind: 'query',
  access: staffOnly,
  summary: 'Telemetry events counted per type per UTC day.',
  request: dayRange.extend({ type: z.string().max(100).optional() }),
  response: z.object({ rows: z.array(z.object({ day: isoDay, type: z.string(), count: z.number().int() })) }),
});

export const affiliateClicksDaily = defineCall({
  route: get('affiliateClicksDaily', '/api/staff/v1/affiliates/clicks/daily'),
  state: built,
  kind: 'query',
  access: staffOnly,
  summary: 'Affiliate link clicks counted per code per UTC day.',
  request: dayRange.extend({ code: affiliateCodeSchema.optional() }),
  response: z.object({
    rows: z.array(z.object({ day: isoDay, affiliateCode: z.string(), count: z.number().int() })),
  }),
});

/** A rebuild as staff watch it: how far, how long, how fast. */
export const rebuildFiguresSchema = z.object({
  startedAt: z.string(),
  /** Null while it runs. */
  finishedAt: z.string().nullable(),
  eventsDone: z.number().int().nonnegative(),
  eventsTotal: z.number().int().nonnegative(),
  /** From the start to the end, or to now while it runs. */
  elapsedMs: z.number().nonnegative(),
  eventsPerSecond: z.number().nonnegative(),
});
export type RebuildFigures = z.infer<typeof rebuildFiguresSchema>;

export const projectionStatusSchema = z.object({
  name: z.string(),
  /** Consistency token of the last event this projection processed. */
  checkpoint: z.string(),
  checkpointPosition: z.string(),
  /** Committed events of the types this projection handles that it has not processed yet. */
  eventsBehind: z.number().int(),
  /** Age of the oldest of those events in milliseconds (0 when caught up). */
  lagMs: z.number(),
  state: z.enum(['running', 'rebuilding', 'idle', 'stopped']),
  rebuildProgress: z.number().min(0).max(1).nullable(),
  /** The running rebuild's figures, else the last finished one's (null when none since the process began). */
  rebuild: rebuildFiguresSchema.nullable(),
  updatedAt: z.string(),
});
export type ProjectionStatus = z.infer<typeof projectionStatusSchema>;

export const systemStatus = defineCall({
  route: routedPaths.systemStatus,
  state: built,
  kind: 'query',
  access: anyone,
  summary: "Event-store head and each projection's checkpoint and lag.",
  request: z.object({}),
  response: z.object({
    head: z.object({ position: z.string(), token: z.string(), totalEvents: z.number().int() }),
    projections: z.array(projectionStatusSchema),
    generatedAt: z.string(),
  }),
});

/**
 * Read-your-writes for a caller that reads every read model at once (an analyst's SQL): waits, at most
 * MIN_POSITION_WAIT_MS, until all of them show the position; 503 READ_MODEL_NOT_CAUGHT_UP otherwise.
 */
export const awaitPosition = defineCall({
  route: get('awaitPosition', '/api/system/v1/positions/{position}'),
  state: built,
  kind: 'query',
  access: anyone,
  params: z.object({ position: positionTokenSchema }),
  summary: 'Wait until every read model shows a position (at most 5 s): read-your-writes across them all.',
  request: z.object({}),
  response: z.object({ position: z.string(), visible: z.literal(true) }),
});

export const rebuildProjection = defineCall({
  route: post('rebuildProjection', '/api/staff/v1/projections/{name}/rebuild'),
  state: built,
  kind: 'command',
  service: 'projection-service',
  access: staffOnly,
  params: z.object({ name: z.string().min(1).max(100) }),
  summary: "Truncate a projection's read model and replay every event into it; progress shows in the status.",
  request: z.object({}),
  response: z.object({ name: z.string(), state: z.literal('rebuilding') }),
});
