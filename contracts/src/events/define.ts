import { z } from 'zod';

/** Who caused an event. Events carry ids only; personal data lives outside the store. */
export const actorSchema = z.object({
  kind: z.enum(['user', 'anonymous', 'staff', 'system']),
  id: z.string().min(1).max(200).optional(),
});
export type Actor = z.infer<typeof actorSchema>;

export const eventMetadataSchema = z.object({
  eventId: z.uuid(),
  correlationId: z.string().min(1).max(200),
  causationId: z.string().min(1).max(200),
  actor: actorSchema,
  occurredAt: z.iso.datetime({ offset: true }),
  schemaVersion: z.number().int().positive(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

/**
 * One version of one domain event. Stored events keep the version they were written with;
 * readers always see the latest version because older ones are upcast on read (see `upcast`).
 */
export type EventDefinition<Type extends string, Version extends number, Schema extends z.ZodType> = {
  readonly type: Type;
  readonly version: Version;
  readonly schema: Schema;
  /** For version N > 1: turns the data of version N-1 (already validated) into version N. */
  readonly upcastFromPrevious?: (previous: unknown) => z.infer<Schema>;
};

export function defineEvent<Type extends string, Version extends number, Schema extends z.ZodType>(
  definition: EventDefinition<Type, Version, Schema>,
): EventDefinition<Type, Version, Schema> {
  if (definition.version > 1 && !definition.upcastFromPrevious) {
    throw new Error(`${definition.type} v${definition.version} needs upcastFromPrevious`);
  }
  return definition;
}

/**
 * One domain event of a given type as every service sees it after reading: typed data and its
 * metadata. The platform's events as a discriminated union are `DomainEvent` in the catalogue.
 */
export type DomainEventOf<Type extends string, Data> = {
  type: Type;
  data: Data;
  metadata: EventMetadata;
};

/**
 * A stored event of a given type with its place in the stream and in the global order. The
 * platform's stored events as a discriminated union are `RecordedEvent` in the catalogue.
 */
export type RecordedEventOf<Type extends string, Data> = DomainEventOf<Type, Data> & {
  streamId: string;
  /** 0-based revision in its stream. */
  revision: number;
  /** Global sequence number (assigned before commit: not an order on its own). */
  position: bigint;
  /** Transaction id of the append; (transactionId, position) is the global read order. */
  transactionId: bigint;
  /** Version of the data as stored, before upcasting. */
  storedVersion: number;
};
