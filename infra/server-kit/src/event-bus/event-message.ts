import {
  type EventMetadata,
  type RecordedEvent,
  formatPosition,
  latestVersion,
  parsePosition,
  recordedEvent,
} from '@app/contracts';
import type { BusRecord } from './bus';

/** An event as it travels on the bus (the message value, JSON). Data is at its latest schema version. */
export type EventMessage = {
  id: string;
  type: string;
  stream: string;
  revision: number;
  /** The consistency token: `<transaction id>.<position>`, the global read order. */
  position: string;
  data: unknown;
  metadata: EventMetadata;
};

export const EVENT_ID_HEADER = 'event-id';
export const EVENT_TYPE_HEADER = 'event-type';

/** Key = stream id, so one stream's events share a partition and keep their order. */
export function toBusRecord(event: RecordedEvent): BusRecord {
  const message: EventMessage = {
    id: event.metadata.eventId,
    type: event.type,
    stream: event.streamId,
    revision: event.revision,
    position: formatPosition({ transactionId: event.transactionId, position: event.position }),
    data: event.data,
    metadata: event.metadata,
  };
  return {
    key: event.streamId,
    value: Buffer.from(JSON.stringify(message)),
    headers: { [EVENT_ID_HEADER]: message.id, [EVENT_TYPE_HEADER]: message.type },
  };
}

/** The recorded event a message carries (what projections apply). */
export function fromBusRecord(record: Pick<BusRecord, 'value'>): RecordedEvent {
  const message = JSON.parse(record.value.toString('utf8')) as EventMessage;
  const position = parsePosition(message.position);
  if (!position) throw new Error(`event ${message.id} has no valid position: ${message.position}`);
  // The forwarder sends the data upcast to the latest version of its type.
  const latest = latestVersion(message.type);
  return recordedEvent(
    {
      type: message.type,
      data: message.data,
      metadata: message.metadata,
      streamId: message.stream,
      revision: message.revision,
      position: position.position,
      transactionId: position.transactionId,
      storedVersion: message.metadata.schemaVersion,
    },
    latest,
  );
}
