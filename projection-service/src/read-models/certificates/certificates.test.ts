import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import {
  createTestDatabase,
  type TestDatabase,
  createPool,
  eventStoreMigrations,
  migrate,
} from '@app/server-kit';
import type { RecordedEvent } from '@app/contracts';
import { readModelMigrations } from '../../infrastructure/migrations';
import { certificatesProjection } from './certificates.projection';

/*
 * The certificates read model, applied batch by batch in PostgreSQL, in the orders the Kafka feed can
 * deliver: a wipe (the user's stream) may arrive before a certificate issued earlier (its own stream).
 */

let db: TestDatabase;
let pool: Pool;
beforeAll(async () => {
  db = await createTestDatabase(async (url) => {
    await migrate(url, eventStoreMigrations);
    await migrate(url, readModelMigrations);
  });
  pool = createPool(db.url, { max: 2 });
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

let position = 0;
const event = (type: string, data: Record<string, unknown>, streamId: string): RecordedEvent => {
  position++;
  return {
    type,
    data,
    streamId,
    revision: position,
    position,
    transactionId: String(1000 + position),
    storedVersion: 1,
    metadata: {
      eventId: randomUUID(),
      correlationId: randomUUID(),
      causationId: null,
      actor: 'test',
      occurredAt: new Date(Date.UTC(2026, 10, 22, 0, 0, position)).toISOString(),
      schemaVersion: 1,
    },
  } as unknown as RecordedEvent;
};
const issued = (userId: string, certificateId = randomUUID()) =>
  event(
    'CertificateIssued',
    {
      certificateId,
      userId,
      product: 'algoexpert',
      version: '1.0',
      issuedAt: '2026-11-22T10:00:00.000Z',
    },
    `certificates-${userId}`,
  );
const wiped = (userId: string) => event('AccountWiped', { userId }, `user-${userId}`);

async function apply(...batches: RecordedEvent[][]): Promise<void> {
  for (const batch of batches) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await certificatesProjection.apply(batch, client);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  }
}
const certificatesOf = async (userId: string) =>
  (
    await pool.query<{ certificate_id: string; product: string }>(
      'SELECT certificate_id, product FROM rm_certificates WHERE user_id = $1',
      [userId],
    )
  ).rows;

it('keeps each certificate once, whatever the redeliveries', async () => {
  const user = randomUUID();
  const certificate = issued(user);
  await apply([certificate], [certificate]);
  const certificateId = (certificate.data as { certificateId: string }).certificateId;
  expect(await certificatesOf(user)).toEqual([{ certificate_id: certificateId, product: 'algoexpert' }]);
});

it('forgets a wiped learner, even when a certificate arrives after the wipe', async () => {
  const wipedInOrder = randomUUID();
  const wipedFirst = randomUUID();
  const other = randomUUID();
  await apply([issued(wipedInOrder), issued(other), wiped(wipedInOrder)]);
  await apply([wiped(wipedFirst), issued(wipedFirst)], [issued(wipedFirst)]);
  expect(await certificatesOf(wipedInOrder)).toEqual([]);
  expect(await certificatesOf(wipedFirst)).toEqual([]);
  expect(await certificatesOf(other)).toHaveLength(1);
});
