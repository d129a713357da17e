import type { TelemetryEventRecorded } from '@app/contracts';
import { type Projection, countBy, utcDay } from '../../runtime/projection';

/** Telemetry events counted per UTC day and client event type. */
export const telemetryDailyProjection: Projection = {
  name: 'telemetry-daily',
  eventTypes: ['TelemetryEventRecorded'],
  tables: ['rm_telemetry_daily'],
  async apply(events, tx) {
    const { first, second, counts } = countBy(events, (event) => [
      utcDay(event),
      (event.data as TelemetryEventRecorded).eventType,
    ]);
    if (counts.length === 0) return;
    await tx.query(
      `INSERT INTO rm_telemetry_daily (day, event_type, count)
       SELECT * FROM unnest($1::date[], $2::text[], $3::bigint[])
       ON CONFLICT (day, event_type) DO UPDATE SET count = rm_telemetry_daily.count + EXCLUDED.count`,
      [first, second, counts],
    );
  },
};
