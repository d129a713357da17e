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
import { submissionsProjection } from './submissions.projection';

/*
 * The submissions read model, applied batch by batch in PostgreSQL, in the orders the Kafka feed can
 * deliver: a wipe (the user's stream) may arrive before a submission made earlier (its own stream).
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
const submitted = (userId: string, questionId: string, status = 'CORRECT') =>
  event(
    'CodeSubmitted',
    {
      userId,
      product: 'algoexpert',
      questionId,
      questionVersion: 1,
      language: 'python',
      status,
      testsPassed: 10,
      testsTotal: 10,
      codeSha256: 'a'.repeat(64),
      durationMs: 5,
    },
    `submissions-${userId}`,
  );
const wiped = (userId: string) => event('AccountWiped', { userId }, `user-${userId}`);

async function apply(...batches: RecordedEvent[][]): Promise<void> {
  for (const batch of batches) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await submissionsProjection.apply(batch, client);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  }
}
const rowsOf = async (userId: string) =>
  (
    await pool.query<{ question_id: string; submissions: number }>(
      'SELECT question_id, submissions FROM rm_latest_submissions WHERE user_id = $1 ORDER BY question_id',
      [userId],
    )
  ).rows;

it('counts submissions and keeps the latest per question', async () => {
  const user = randomUUID();
  await apply([submitted(user, 'q1', 'INCORRECT'), submitted(user, 'q2')], [submitted(user, 'q1')]);
  expect(await rowsOf(user)).toEqual([
    { question_id: 'q1', submissions: 2 },
    { question_id: 'q2', submissions: 1 },
  ]);
});

it('forgets a wiped learner, even when a submission arrives after the wipe', async () => {
  const wipedInOrder = randomUUID();
  const wipedFirst = randomUUID();
  const other = randomUUID();
  await apply([submitted(wipedInOrder, 'q1'), submitted(other, 'q1'), wiped(wipedInOrder)]);
  // The wipe delivered first, then submissions made before it: in the same batch and in a later one.
  await apply([wiped(wipedFirst), submitted(wipedFirst, 'q1')], [submitted(wipedFirst, 'q2')]);
  await apply([submitted(wipedInOrder, 'q3')]);
  expect(await rowsOf(wipedInOrder)).toEqual([]);
  expect(await rowsOf(wipedFirst)).toEqual([]);
  expect(await rowsOf(other)).toEqual([{ question_id: 'q1', submissions: 1 }]);
});

it('keeps the days with a CORRECT submission, and forgets them on a reset or a wipe', async () => {
  const user = randomUUID();
  const daysOf = async () =>
    (
      await pool.query<{ day: string }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM rm_submission_days WHERE user_id = $1`,
        [user],
      )
    ).rows.map((row) => row.day);
  await apply([submitted(user, 'q1', 'INCORRECT')]);
  expect(await daysOf()).toEqual([]);
  await apply([submitted(user, 'q1'), submitted(user, 'q2')]);
  expect(await daysOf()).toEqual(['2026-11-22']);
  await apply([event('SubmissionsReset', { userId: user, product: 'algoexpert' }, `submissions-${user}`)]);
  expect(await daysOf()).toEqual([]);
  await apply([submitted(user, 'q1'), wiped(user)]);
  expect(await daysOf()).toEqual([]);
});
