import { randomUUID } from 'node:crypto';
import { userStreamId } from '@app/contracts';
import type { GivenEvent } from '@app/server-kit';
import { ProjectionScenario } from '../../runtime/testing/projection-scenario';
import { accountWiped } from '../../runtime/testing/given-events';
import { projections } from '..';
import { evolve, productsAt, userAccessProjection as projection } from './user-access.projection';

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

  it('counts a redeemed licence key’s products as owned until the licence year ends, all access expanded', () => {
    const applied = (products: ('allaccess' | 'iosexpert')[], expiresAt: string) =>
      ({
        type: 'LicenceKeyApplied',
        data: { holderId: randomUUID(), code: 'K', userId, products, expiresAt },
      }) as const;
    let state = evolve(registered, applied(['iosexpert'], '2027-11-23T00:00:00.000Z'), at)!;
    state = evolve(state, applied(['allaccess'], '2027-06-01T00:00:00.000Z'), at)!;
    expect(state.licenceGrants.iosexpert).toBe('2027-11-23T00:00:00.000Z');
    expect(productsAt(state, new Date('2027-01-01T00:00:00Z'))).toEqual([
      'algoexpert',
      'systemsexpert',
      'mlexpert',
      'frontendexpert',
      'infraexpert',
      'iosexpert',
      'blockchainexpert',
    ]);
    expect(productsAt(state, new Date('2027-07-01T00:00:00Z'))).toEqual(['iosexpert']);
    expect(productsAt(state, new Date('2027-11-23T00:00:00Z'))).toEqual([]);
  });
});

/** Identity and billing facts, all on the user's stream (so a feed keeps their order). */
const on = (event: GivenEvent & { data: { userId: string } }, at?: string): GivenEvent => ({
  ...event,
  streamId: userStreamId(event.data.userId),
  occurredAt: at,
});
const registered = (userId: string, at?: string) =>
  on({ type: 'UserRegistered', data: { userId, provider: 'github' } }, at);
const signedIn = (userId: string, at?: string) =>
  on(
    {
      type: 'UserSignedIn',
      data: { userId, provider: 'github', sessionId: randomUUID(), studentCheckRequested: false },
    },
    at,
  );
const granted = (userId: string, role: 'premiumv1' | 'systemsexpertv1' | 'staff') =>
  on({ type: 'RoleGranted', data: { userId, role } });
const revoked = (userId: string, role: 'premiumv1' | 'systemsexpertv1' | 'staff') =>
  on({ type: 'RoleRevoked', data: { userId, role } });
const subscribed = (userId: string, product: 'frontendexpert' | 'allaccess') =>
  on({ type: 'SubscriptionActivated', data: { userId, product, purchaseId: `cs_${product}` } });
const ended = (userId: string, product: 'frontendexpert' | 'allaccess') =>
  on({
    type: 'SubscriptionEnded',
    data: { userId, product, purchaseId: `cs_${product}`, reason: 'refunded' },
  });
const takenOver = (userId: string) =>
  on({ type: 'ScreenLeaseTakenOver', data: { userId, machineUuid: 'b', previousMachineUuid: 'a' } });

const ana = '00000000-0000-4000-8000-00000000000a';
const bo = '00000000-0000-4000-8000-00000000000b';

describe('user-access read model', () => {
  let scenario: ProjectionScenario;
  beforeAll(async () => {
    scenario = await ProjectionScenario.start();
  });
  afterAll(async () => {
    await scenario.stop();
  });

  it('given a registration, sign-ins, grants, a takeover and subscriptions, when projected, then the row holds roles, subscriptions, the products they give and the counts', async () => {
    for (const batchSize of [1, 4]) {
      const rows = await scenario.given(
        projection,
        [
          registered(ana, '2026-11-20T10:00:00.000Z'),
          signedIn(ana, '2026-11-20T10:00:01.000Z'),
          granted(ana, 'premiumv1'),
          granted(ana, 'premiumv1'),
          takenOver(ana),
          subscribed(ana, 'frontendexpert'),
          subscribed(ana, 'frontendexpert'),
          signedIn(ana, '2026-11-21T09:00:00.000Z'),
          registered(bo, '2026-11-21T10:00:00.000Z'),
        ],
        { batchSize },
      );
      expect(rows.rm_user_access).toEqual([
        {
          user_id: ana,
          provider: 'github',
          roles: ['premiumv1'],
          subscriptions: ['frontendexpert'],
          products: ['algoexpert', 'frontendexpert'],
          registered_at: new Date('2026-11-20T10:00:00.000Z'),
          last_sign_in_at: new Date('2026-11-21T09:00:00.000Z'),
          sign_in_count: 2,
          screen_takeovers: 1,
          licence_grants: {},
        },
        {
          user_id: bo,
          provider: 'github',
          roles: [],
          subscriptions: [],
          products: [],
          registered_at: new Date('2026-11-21T10:00:00.000Z'),
          last_sign_in_at: null,
          sign_in_count: 0,
          screen_takeovers: 0,
          licence_grants: {},
        },
      ]);
    }
  });

  it('given revokes, an ended subscription and the staff role, when projected, then products count what is still owned, never staff', async () => {
    const rows = await scenario.given(projection, [
      registered(ana),
      granted(ana, 'premiumv1'),
      granted(ana, 'systemsexpertv1'),
      granted(ana, 'staff'),
      subscribed(ana, 'frontendexpert'),
      revoked(ana, 'premiumv1'),
      ended(ana, 'frontendexpert'),
    ]);
    expect(rows.rm_user_access).toEqual([
      expect.objectContaining({
        roles: ['systemsexpertv1', 'staff'],
        subscriptions: [],
        products: ['systemsexpert'],
      }),
    ]);
  });

  it('given events of a user never registered, when projected, then there is no row', async () => {
    const rows = await scenario.given(projection, [
      signedIn(ana),
      granted(ana, 'premiumv1'),
      subscribed(ana, 'allaccess'),
    ]);
    expect(rows.rm_user_access).toEqual([]);
  });

  it('given a registration delivered again, when projected, then the row keeps what followed the first', async () => {
    const first = scenario.events([registered(ana, '2026-11-20T10:00:00.000Z'), granted(ana, 'premiumv1')]);
    await scenario.given(projection, first);
    await scenario.applyBatch(projection, [first[0]]);
    expect((await scenario.rows(projection)).rm_user_access).toEqual([
      expect.objectContaining({ roles: ['premiumv1'], registered_at: new Date('2026-11-20T10:00:00.000Z') }),
    ]);
  });

  it("given a wipe, in the batch of the user's other events or a later one, when projected, then the user has no row and others keep theirs", async () => {
    for (const batchSize of [1, 4]) {
      const rows = await scenario.given(
        projection,
        [registered(ana), granted(ana, 'premiumv1'), registered(bo), accountWiped(ana), signedIn(ana)],
        { batchSize },
      );
      expect(rows.rm_user_access.map((row) => row.user_id)).toEqual([bo]);
    }
  });

  it('a rebuild gives the same rows as the live run', async () => {
    const users = Array.from({ length: 5 }, (_, i) => `00000000-0000-4000-8000-00000000001${i}`);
    const events = users.flatMap((userId, i) => [
      registered(userId),
      signedIn(userId),
      granted(userId, 'premiumv1'),
      ...(i % 2 ? [granted(userId, 'systemsexpertv1')] : []),
      ...(i === 2 ? [subscribed(userId, 'allaccess'), takenOver(userId), ended(userId, 'allaccess')] : []),
      ...(i === 3 ? [revoked(userId, 'premiumv1')] : []),
      ...(i === 4 ? [accountWiped(userId)] : []),
    ]);
    for (const liveBatchSize of [1, 3]) {
      const rows = await scenario.rebuildEqualsLive(projection, events, liveBatchSize);
      expect(rows.rm_user_access).toHaveLength(4);
      const byId = new Map(rows.rm_user_access.map((row) => [row.user_id, row]));
      expect(byId.get(users[1])).toMatchObject({
        roles: ['premiumv1', 'systemsexpertv1'],
        products: ['algoexpert', 'systemsexpert'],
      });
      expect(byId.get(users[2])).toMatchObject({
        subscriptions: [],
        products: ['algoexpert'],
        screen_takeovers: 1,
      });
      expect(byId.get(users[3])).toMatchObject({ roles: ['systemsexpertv1'], products: ['systemsexpert'] });
      expect(byId.has(users[4])).toBe(false);
    }
  });

  it('every read-model table keyed by user belongs to a projection that drops rows on AccountWiped', async () => {
    const { rows } = await scenario.pool.query<{ table_name: string }>(
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
