import { z } from 'zod';
import { defineEvent } from './define';

/** A telemetry event sent by the client (UI runtime errors, crashes, network errors, forced refresh...). */
export const TelemetryEventRecordedV1 = defineEvent({
  type: 'TelemetryEventRecorded',
  version: 1,
  schema: z.object({
    eventType: z.string().min(1).max(100),
    body: z.unknown().optional(),
    machineUuid: z.string().max(100).optional(),
  }),
});
export type TelemetryEventRecorded = z.infer<typeof TelemetryEventRecordedV1.schema>;

/**
 * A browser (its machine id) opened the site: the client says so once per machine, and again for each
 * account that signs in on it, so a first visit can be followed to the account it became. `userId` is
 * the signed-in account the server saw, never the client's word; `null` for an anonymous visitor.
 */
export const SiteVisitedV1 = defineEvent({
  type: 'SiteVisited',
  version: 1,
  schema: z.object({
    machineUuid: z.string().min(1).max(100),
    userId: z.uuid().nullable(),
    path: z.string().max(500),
    referrerHost: z.string().max(255).nullable(),
  }),
});
export type SiteVisited = z.infer<typeof SiteVisitedV1.schema>;
