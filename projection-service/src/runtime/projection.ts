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
