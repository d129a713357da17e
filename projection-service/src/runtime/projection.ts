import type { PoolClient } from 'pg';
import type { EventType, RecordedEvent } from '@app/contracts';

/**
 * A read model fed by events. `apply` gets a whole batch and the transaction that will also move
 * the checkpoint, so it must write set-based (one statement per table, not one per event).
 */
export type Projection = {
  readonly name: string;
  /** Event types it reads; the runtime passes only these to `apply` (the checkpoint moves over all). */
  readonly eventTypes: readonly EventType[];
  /** Its tables, emptied when it is rebuilt. */
  readonly tables: readonly string[];
  apply(events: readonly RecordedEvent[], tx: PoolClient): Promise<void>;
};

/** UTC day of an event's occurrence, as YYYY-MM-DD. */
export function utcDay(event: RecordedEvent): string {
  return event.metadata.occurredAt.slice(0, 10);
}

/** Counts events per key in memory, so a batch becomes one upsert. */
export function countBy<K extends string>(
  events: readonly RecordedEvent[],
  key: (event: RecordedEvent) => readonly [string, string] | undefined,
): { first: string[]; second: string[]; counts: number[] } {
  const totals = new Map<K | string, { first: string; second: string; count: number }>();
  for (const event of events) {
    const pair = key(event);
    if (!pair) continue;
    const id = `${pair[0]}\u0000${pair[1]}`;
    const entry = totals.get(id);
    if (entry) entry.count++;
    else totals.set(id, { first: pair[0], second: pair[1], count: 1 });
  }
  const rows = [...totals.values()];
  return {
    first: rows.map((r) => r.first),
    second: rows.map((r) => r.second),
    counts: rows.map((r) => r.count),
  };
}
