import type { Pool } from 'pg';
import {
  createPool,
  createTestDatabase,
  eventStoreMigrations,
  migrate,
  type TestDatabase,
} from '@app/server-kit';
import { ZERO_POSITION, type EventPosition } from '@app/contracts';
import { readModelMigrations } from '../infrastructure/migrations';
import { CheckpointStore } from './checkpoints';
import { CheckpointMoves } from './checkpoint-moves';

let db: TestDatabase;
let pool: Pool;
let checkpoints: CheckpointStore;

beforeAll(async () => {
  db = await createTestDatabase(async (url) => {
    await migrate(url, eventStoreMigrations);
    await migrate(url, readModelMigrations);
  });
  pool = createPool(db.url, { max: 5 });
  checkpoints = new CheckpointStore(pool);
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

const at = (transactionId: number, position: number): EventPosition => ({
  transactionId: BigInt(transactionId),
  position: BigInt(position),
});

async function fresh(names: string[]): Promise<void> {
  await pool.query(`DELETE FROM projection_checkpoints WHERE name = ANY($1)`, [names]);
  await checkpoints.ensure(names);
}

it('sends the moves asked for in one turn as one statement, each a compare-and-set of its own', async () => {
  await fresh(['m-a', 'm-b', 'm-c']);
  const moves = new CheckpointMoves(pool);
  const [a, b, stale] = await Promise.all([
    moves.move({ name: 'm-a', from: ZERO_POSITION, to: at(10, 3), events: 3 }),
    moves.move({ name: 'm-b', from: ZERO_POSITION, to: at(10, 5), events: 5 }),
    // Read before someone else moved it: refused, and the checkpoint keeps its place.
    moves.move({ name: 'm-c', from: at(9, 1), to: at(10, 5), events: 4 }),
  ]);
  expect([a, b, stale]).toEqual(['running', 'running', undefined]);
  expect(moves.sent).toEqual({ statements: 1, moves: 3 });
  const after = await checkpoints.loadAll(['m-a', 'm-b', 'm-c']);
  expect(after.map((c) => [c.name, c.position, c.eventsProcessed])).toEqual([
    ['m-a', at(10, 3), 3],
    ['m-b', at(10, 5), 5],
    ['m-c', ZERO_POSITION, 0],
  ]);
});

it('two moves of one checkpoint in a turn go in two statements, the second from where the first left it', async () => {
  await fresh(['m-d']);
  const moves = new CheckpointMoves(pool);
  const states = await Promise.all([
    moves.move({ name: 'm-d', from: ZERO_POSITION, to: at(11, 2), events: 2 }),
    moves.move({ name: 'm-d', from: at(11, 2), to: at(11, 7), events: 5 }),
  ]);
  expect(states).toEqual(['running', 'running']);
  expect(moves.sent).toEqual({ statements: 2, moves: 2 });
  const [d] = await checkpoints.loadAll(['m-d']);
  expect([d.position, d.eventsProcessed]).toEqual([at(11, 7), 7]);
});

it('counts a rebuild on, and ends it when the move reaches its target', async () => {
  await fresh(['m-r']);
  await pool.query(
    `UPDATE projection_checkpoints SET state = 'rebuilding', rebuild_target_transaction_id = '12', rebuild_target_position = 4,
            rebuild_total = 9, rebuild_done = 0 WHERE name = 'm-r'`,
  );
  const moves = new CheckpointMoves(pool);
  expect(await moves.move({ name: 'm-r', from: ZERO_POSITION, to: at(12, 1), events: 5 })).toBe('rebuilding');
  expect(await moves.move({ name: 'm-r', from: at(12, 1), to: at(12, 4), events: 4 })).toBe('running');
  const [r] = await checkpoints.loadAll(['m-r']);
  expect([r.state, r.rebuildDone, r.rebuildFinishedAt instanceof Date]).toEqual(['running', 9, true]);
});

it('a failed statement fails every move it carried', async () => {
  await fresh(['m-e']);
  const moves = new CheckpointMoves(pool);
  const results = await Promise.allSettled([
    // Not a bigint: PostgreSQL refuses the whole statement.
    moves.move({ name: 'm-e', from: ZERO_POSITION, to: at(1, 1), events: Number.MAX_VALUE }),
    moves.move({ name: 'm-f', from: ZERO_POSITION, to: at(1, 1), events: 1 }),
  ]);
  expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  const [e] = await checkpoints.loadAll(['m-e']);
  expect(e.position).toEqual(ZERO_POSITION);
});
