import { type EventType, type RecordedEventOfType, utcDay } from '@app/contracts';
import { type Projection, defineProjection } from './projection';

/**
 * A read model counting one event type per UTC day and one key, in a table
 * `(day date, <keyColumn> text, count bigint, PRIMARY KEY (day, <keyColumn>))`.
 * Each batch is counted in memory and written as one upsert.
 */
export function dailyCountProjection<T extends EventType>(spec: {
  name: string;
  eventType: T;
  table: string;
  keyColumn: string;
  key: (event: RecordedEventOfType<T>) => string;
}): Projection {
  return defineProjection({
    name: spec.name,
    eventTypes: [spec.eventType],
    tables: [spec.table],
    async apply(events, tx) {
      const totals = new Map<string, { day: string; key: string; count: number }>();
      for (const event of events) {
        const day = utcDay(event.metadata.occurredAt);
        const key = spec.key(event);
        const id = `${day}\u0000${key}`;
        const entry = totals.get(id);
        if (entry) entry.count++;
        else totals.set(id, { day, key, count: 1 });
      }
      if (totals.size === 0) return;
      const rows = [...totals.values()];
      await tx.query({
        name: `${spec.name}-upsert`,
        text: `INSERT INTO ${spec.table} (day, ${spec.keyColumn}, count)
         SELECT * FROM unnest($1::date[], $2::text[], $3::bigint[])
         ON CONFLICT (day, ${spec.keyColumn}) DO UPDATE SET count = ${spec.table}.count + EXCLUDED.count`,
        values: [rows.map((r) => r.day), rows.map((r) => r.key), rows.map((r) => r.count)],
      });
    },
  });
}
