import type { PoolClient } from 'pg';
import type { EventType, RecordedEvent, RecordedEventOfType } from '@app/contracts';

/**
 * A read model fed by events, as the runtime runs it. `apply` gets a whole batch and the
 * transaction that will also move the checkpoint, so it must write set-based (one statement per
 * table, not one per event).
 */
export type Projection = {
  readonly name: string;
  /** Event types it reads; the runtime passes only these to `apply` (the checkpoint moves over all). */
  readonly eventTypes: readonly EventType[];
  /** Its tables, emptied when it is rebuilt. */
  readonly tables: readonly string[];
  /**
   * Whether an event of its types can change the read model (default: every one). A batch without such
   * an event is not applied: the runner only moves past it (e.g. the audit history and anonymous telemetry).
   */
  concerns?(event: RecordedEvent): boolean;
  apply(events: readonly RecordedEvent[], tx: PoolClient): Promise<void>;
};

/** A projection as written: its batch holds only its types, so `switch (event.type)` narrows. */
export type ProjectionDefinition<T extends EventType> = Omit<
  Projection,
  'eventTypes' | 'apply' | 'concerns'
> & {
  readonly eventTypes: readonly T[];
  concerns?(event: RecordedEventOfType<T>): boolean;
  apply(events: readonly RecordedEventOfType<T>[], tx: PoolClient): Promise<void>;
};

/** A projection, its event types inferred from `eventTypes`; other events never reach its `apply`. */
export function defineProjection<T extends EventType>(definition: ProjectionDefinition<T>): Projection {
  const handled = new Set<EventType>(definition.eventTypes);
  const isHandled = (event: RecordedEvent): event is RecordedEventOfType<T> => handled.has(event.type);
  return {
    name: definition.name,
    eventTypes: definition.eventTypes,
    tables: definition.tables,
    concerns: (event) => isHandled(event) && (definition.concerns?.(event) ?? true),
    apply: (events, tx) => definition.apply(events.filter(isHandled), tx),
  };
}
