import { randomUUID } from 'node:crypto';
import {
  type EventDataMap,
  type EventType,
  type RecordedEvent,
  latestVersion,
  recordedEvent,
} from '@app/contracts';

/** An event as a test gives it: its type and data, and optionally its stream and time. */
export type GivenEvent = { [T in EventType]: { type: T; data: EventDataMap[T] } }[EventType] & {
  streamId?: string;
  occurredAt?: string;
};

/**
 * Recorded events for a test, in the order given: each gets the next global position, the next
 * revision in its stream (`test-stream` unless named) and metadata. Typed by the catalogue, so a
 * test cannot give data its event type does not have.
 */
export function recordedEvents(
  given: readonly GivenEvent[],
  options: { startAt?: Date; firstPosition?: number } = {},
): RecordedEvent[] {
  const startAt = (options.startAt ?? new Date('2026-11-22T00:00:00.000Z')).getTime();
  const first = options.firstPosition ?? 1;
  const revisions = new Map<string, number>();
  return given.map((event, index) => {
    const streamId = event.streamId ?? 'test-stream';
    const revision = revisions.get(streamId) ?? 0;
    revisions.set(streamId, revision + 1);
    const position = first + index;
    return recordedEvent(
      {
        type: event.type,
        data: event.data,
        streamId,
        revision,
        position: BigInt(position),
        transactionId: BigInt(1000 + position),
        storedVersion: 1,
        metadata: {
          eventId: randomUUID(),
          correlationId: randomUUID(),
          causationId: randomUUID(),
          actor: { kind: 'system' },
          occurredAt: event.occurredAt ?? new Date(startAt + position * 1000).toISOString(),
          schemaVersion: 1,
        },
      },
      latestVersion(event.type),
    );
  });
}
