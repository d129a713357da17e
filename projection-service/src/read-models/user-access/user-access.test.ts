import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import {
  createTestDatabase,
  type TestDatabase,
  type NewEvent,
  PgEventStore,
  createPool,
  eventStoreMigrations,
  migrate,
} from '@app/server-kit';
import { ZERO_POSITION, type RecordedEvent, userStreamId } from '@app/contracts';
import { readModelMigrations } from '../../infrastructure/migrations';
import { projections } from '..';
import { evolve, userAccessProjection } from './user-access.projection';

const at = '2026-11-22T10:00:00.000Z';

describe('evolve (pure)', () => {
  const userId = randomUUID();
  const registered = evolve(undefined, { type: 'UserRegistered', data: { userId, provider: 'github' } }, at)!;

  it('starts a row on registration and ignores events for unknown users', () => {
    expect(registered).toMatchObject({ userId, provider: 'github', roles: [], signInCount: 0 });
    expect(evolve(undefined, { type: 'RoleGranted', data: { userId, role: 'staff' } }, at)).toBeUndefined();
  });

  it('follows grants, revokes, sign-ins and takeovers, and forgets the user on a wipe', () => {
    let state = evolve(registered, { type: 'RoleGranted', data: { userId, role: 'premiumv1' } }, at);
    state = evolve(state, { type: 'RoleGranted', data: { userId, role: 'premiumv1' } }, at);
    expect(state?.roles).toEqual(['premiumv1']);
    state = evolve(
      state,
      {
        type: 'UserSignedIn',
        data: { userId, provider: 'github', sessionId: randomUUID(), studentCheckRequested: false },
      },
      '2026-11-23T00:00:00.000Z',
    );
    expect(state).toMatchObject({ signInCount: 1, lastSignInAt: '2026-11-23T00:00:00.000Z' });
    state = evolve(
      state,
      { type: 'ScreenLeaseTakenOver', data: { userId, machineUuid: 'b', previousMachineUuid: 'a' } },
      at,
    );
    expect(state?.screenTakeovers).toBe(1);
    state = evolve(state, { type: 'RoleRevoked', data: { userId, role: 'premiumv1' } }, at);
    expect(state?.roles).toEqual([]);
    expect(evolve(state, { type: 'AccountWiped', data: { userId } }, at)).toBeUndefined();
  });
});

describe('user-access read model in PostgreSQL', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: PgEventStore;
  beforeAll(async () => {
    db = await createTestDatabase(async (url) => {
      await migrate(url, eventStoreMigrations);
      await migrate(url, readModelMigrations);
    });
    pool = createPool(db.url, { max: 4 });
    store = new PgEventStore(pool);
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  /** Feeds all stored events to the projection in batches of `size`, as the runner would. */
  async function project(size: number) {
    const events: RecordedEvent[] = (await store.readAll(ZERO_POSITION, 10_000)).filter((e) =>
      (userAccessProjection.eventTypes as readonly string[]).includes(e.type),
    );
    await pool.query('TRUNCATE rm_user_access');
    for (let i = 0; i < events.length; i += size) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await userAccessProjection.apply(events.slice(i, i + size), client);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    }
    return (await pool.query('SELECT * FROM rm_user_access ORDER BY user_id')).rows;
  }

  it('gives the same rows whether a history comes in one batch or one event at a time', async () => {
    const users = Array.from({ length: 5 }, () => randomUUID());
    for (const [i, userId] of users.entries()) {
      const events: NewEvent[] = [
        { type: 'UserRegistered', data: { userId, provider: 'fake' } },
        {
          type: 'UserSignedIn',
          data: { userId, provider: 'fake', sessionId: randomUUID(), studentCheckRequested: false },
        },
        { type: 'RoleGranted', data: { userId, role: 'premiumv1' } },
      ];
      if (i % 2) events.push({ type: 'RoleGranted', data: { userId, role: 'systemsexpertv1' } });
      if (i === 3) events.push({ type: 'RoleRevoked', data: { userId, role: 'premiumv1' } });
      if (i === 4) events.push({ type: 'AccountWiped', data: { userId } });
      await store.append(userStreamId(userId), events);
    }
    const whole = await project(1000);
    const oneByOne = await project(1);
    expect(oneByOne).toEqual(whole);
    expect(whole).toHaveLength(4);
    const byId = new Map(whole.map((r) => [r.user_id, r]));
    expect(byId.get(users[1])).toMatchObject({
      roles: ['premiumv1', 'systemsexpertv1'],
      products: ['algoexpert', 'systemsexpert'],
    });
    expect(byId.get(users[3])).toMatchObject({ roles: ['systemsexpertv1'], products: ['systemsexpert'] });
    expect(byId.has(users[4])).toBe(false);
  });

  it('every read-model table keyed by user belongs to a projection that drops rows on AccountWiped', async () => {
    const { rows } = await pool.query<{ table_name: string }>(
      `SELECT DISTINCT table_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name LIKE 'rm\\_%' AND column_name = 'user_id'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { table_name } of rows) {
      const owner = projections.find((p) => p.tables.includes(table_name));
      expect([table_name, owner?.eventTypes.includes('AccountWiped')]).toEqual([table_name, true]);
    }
  });
});
