import { dailyCountProjection } from '../../runtime/daily-count-projection';

/** Telemetry events counted per UTC day and client event type. */
export const telemetryDailyProjection = dailyCountProjection({
  name: 'telemetry-daily',
  eventType: 'TelemetryEventRecorded',
  table: 'rm_telemetry_daily',
  keyColumn: 'event_type',
  key: (event) => event.data.eventType,
});
