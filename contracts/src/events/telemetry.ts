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
