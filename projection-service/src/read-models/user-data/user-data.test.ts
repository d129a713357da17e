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
import { userDataProjection } from './user-data.projection';

/*
 * The user-data read model, applied batch by batch in PostgreSQL, in the orders the Kafka feed can
 * deliver: a wipe (the user's stream) may arrive before sets made earlier (their own streams).
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
      occurredAt: new Date(Date.UTC(2026, 10, 23, 0, 0, position)).toISOString(),
      schemaVersion: 1,
    },
  } as unknown as RecordedEvent;
};
const setData = (userId: string, data: Record<string, unknown>, deepMerge = true, product = 'algoexpert') =>
  event('UserDataSet', { userId, product, data, deepMerge }, `user-data-${product}-${userId}`);
const wiped = (userId: string) => event('AccountWiped', { userId }, `user-${userId}`);

async function apply(...batches: RecordedEvent[][]): Promise<void> {
  for (const batch of batches) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await userDataProjection.apply(batch, client);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  }
}
const documentsOf = async (userId: string) =>
  (
    await pool.query<{ product: string; document: unknown }>(
      'SELECT product, document FROM rm_user_data WHERE user_id = $1 ORDER BY product',
      [userId],
    )
  ).rows;

it('folds sets in order, within a batch and across batches, per product', async () => {
  const user = randomUUID();
  await apply(
    [setData(user, { a: { x: 1, y: 2 } }), setData(user, { a: { y: null, z: 3 } })],
    [setData(user, { a: { w: 0 }, b: [1] }, false), setData(user, { s: 'f' }, true, 'frontendexpert')],
  );
  expect(await documentsOf(user)).toEqual([
    { product: 'algoexpert', document: { a: { w: 0 }, b: [1] } },
    { product: 'frontendexpert', document: { s: 'f' } },
  ]);
});

it('forgets a wiped learner, even when a set arrives after the wipe', async () => {
  const wipedInOrder = randomUUID();
  const wipedFirst = randomUUID();
  const other = randomUUID();
  await apply([setData(wipedInOrder, { a: 1 }), setData(other, { a: 1 }), wiped(wipedInOrder)]);
  // The wipe delivered first, then sets made before it: in the same batch and in a later one.
  await apply([wiped(wipedFirst), setData(wipedFirst, { a: 1 })], [setData(wipedFirst, { b: 1 })]);
  await apply([setData(wipedInOrder, { c: 1 })]);
  expect(await documentsOf(wipedInOrder)).toEqual([]);
  expect(await documentsOf(wipedFirst)).toEqual([]);
  expect(await documentsOf(other)).toEqual([{ product: 'algoexpert', document: { a: 1 } }]);
});
