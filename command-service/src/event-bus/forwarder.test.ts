import type { RecordedEvent } from '@app/contracts';
import { chunksBySize, inStreamOrder } from './forwarder';
import { EVENT_ID_HEADER, EVENT_TYPE_HEADER, fromBusRecord, toBusRecord } from '@app/server-kit';

const event = (streamId: string, revision: number, position: number, transactionId = 100): RecordedEvent => ({
  type: 'TelemetryEventRecorded',
  data: { eventType: `e-${position}` },
  metadata: {
    eventId: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    correlationId: 'c',
    causationId: 'c',
    actor: { kind: 'system' },
    occurredAt: '2026-01-01T00:00:00.000Z',
    schemaVersion: 1,
  },
  streamId,
  revision,
  position: BigInt(position),
  transactionId: BigInt(transactionId),
  storedVersion: 1,
});

it('puts each stream in revision order, in the slots its events held', () => {
  // b's revision 1 committed in a transaction that sorts before its revision 0.
  const batch = [
    event('a', 0, 1),
    event('b', 1, 5, 90),
    event('a', 1, 2),
    event('b', 0, 4),
    event('c', 0, 3),
  ];
  expect(inStreamOrder(batch).map((e) => `${e.streamId}${e.revision}`)).toEqual([
    'a0',
    'b0',
    'a1',
    'b1',
    'c0',
  ]);
});

it('splits a batch by size, keeping order, a record bigger than the limit alone', () => {
  const records = [10, 10, 10, 500, 10].map((size, i) => ({
    key: `k${i}`,
    value: Buffer.alloc(size),
    headers: {},
  }));
  const chunks = chunksBySize(records, 120);
  expect(chunks.map((c) => c.map((r) => r.key))).toEqual([['k0', 'k1'], ['k2'], ['k3'], ['k4']]);
  expect(chunksBySize([], 100)).toEqual([]);
});

it('carries an event as JSON keyed by its stream, with id and type headers, and reads it back', () => {
  const original = event('user-1', 3, 42, 7);
  const record = toBusRecord(original);
  expect(record.key).toBe('user-1');
  expect(record.headers).toEqual({
    [EVENT_ID_HEADER]: original.metadata.eventId,
    [EVENT_TYPE_HEADER]: 'TelemetryEventRecorded',
  });
  expect(JSON.parse(record.value.toString())).toEqual({
    id: original.metadata.eventId,
    type: 'TelemetryEventRecorded',
    stream: 'user-1',
    revision: 3,
    position: '7.42',
    data: original.data,
    metadata: original.metadata,
  });
  expect(fromBusRecord(record)).toEqual(original);
});
