import type { Pool, PoolClient } from 'pg';
import { type EventDataMap, type Role, ownedProducts } from '@app/contracts';
import { defineProjection } from '../../runtime/projection';

export type UserAccess = {
  userId: string;
  provider: string;
  roles: Role[];
  subscriptions: string[];
  registeredAt: string;
  lastSignInAt: string | null;
  signInCount: number;
  screenTakeovers: number;
};

const eventTypes = [
  'UserRegistered',
  'UserSignedIn',
  'RoleGranted',
  'RoleRevoked',
  'ScreenLeaseTakenOver',
  'SubscriptionActivated',
  'SubscriptionEnded',
  'AccountWiped',
] as const;
type AccessEvent = {
  [K in (typeof eventTypes)[number]]: { type: K; data: EventDataMap[K] };
}[(typeof eventTypes)[number]];

/** Pure: one user's access after one event (undefined: no row, or the row is gone). */
export function evolve(
  state: UserAccess | undefined,
  event: AccessEvent,
  occurredAt: string,
): UserAccess | undefined {
  switch (event.type) {
    case 'UserRegistered':
      return (
        state ?? {
          userId: event.data.userId,
          provider: event.data.provider,
          roles: [],
          subscriptions: [],
          registeredAt: occurredAt,
          lastSignInAt: null,
          signInCount: 0,
          screenTakeovers: 0,
        }
      );
    case 'AccountWiped':
      return undefined;
  }
  if (!state) return undefined;
  switch (event.type) {
    case 'UserSignedIn':
      return { ...state, lastSignInAt: occurredAt, signInCount: state.signInCount + 1 };
    case 'RoleGranted':
      return state.roles.includes(event.data.role)
        ? state
        : { ...state, roles: [...state.roles, event.data.role] };
    case 'RoleRevoked':
      return { ...state, roles: state.roles.filter((r) => r !== event.data.role) };
    case 'ScreenLeaseTakenOver':
      return { ...state, screenTakeovers: state.screenTakeovers + 1 };
    case 'SubscriptionActivated':
      return state.subscriptions.includes(event.data.product)
        ? state
        : { ...state, subscriptions: [...state.subscriptions, event.data.product] };
    case 'SubscriptionEnded':
      return { ...state, subscriptions: state.subscriptions.filter((p) => p !== event.data.product) };
  }
}

/**
 * Products owned by purchase or grant. Staff see everything through the edge, but that is not
 * ownership, so the staff role is left out here and analysts count real owners.
 */
export const productsOf = (access: UserAccess) =>
  ownedProducts(
    access.roles.filter((r) => r !== 'staff'),
    access.subscriptions,
  );

type Row = {
  user_id: string;
  provider: string;
  roles: Role[];
  subscriptions: string[];
  registered_at: Date;
  last_sign_in_at: Date | null;
  sign_in_count: number;
  screen_takeovers: number;
};

export const fromRow = (row: Row): UserAccess => ({
  userId: row.user_id,
  provider: row.provider,
  roles: row.roles,
  subscriptions: row.subscriptions,
  registeredAt: row.registered_at.toISOString(),
  lastSignInAt: row.last_sign_in_at?.toISOString() ?? null,
  signInCount: row.sign_in_count,
  screenTakeovers: row.screen_takeovers,
});

/** Who owns what. A batch loads its users' rows once, folds the events in order, and writes once. */
export const userAccessProjection = defineProjection({
  name: 'user-access',
  eventTypes,
  tables: ['rm_user_access'],
  async apply(events, tx) {
    const userIds = [...new Set(events.map((e) => (e.data as { userId: string }).userId))];
    const { rows } = await tx.query<Row>('SELECT * FROM rm_user_access WHERE user_id = ANY($1::uuid[])', [
      userIds,
    ]);
    const states = new Map<string, UserAccess | undefined>(rows.map((r) => [r.user_id, fromRow(r)]));
    for (const event of events) {
      const userId = (event.data as { userId: string }).userId;
      states.set(userId, evolve(states.get(userId), event as AccessEvent, event.metadata.occurredAt));
    }
    const live = [...states.values()].filter((s): s is UserAccess => s !== undefined);
    const gone = [...states.entries()].filter(([, s]) => s === undefined).map(([id]) => id);
    if (gone.length) await tx.query('DELETE FROM rm_user_access WHERE user_id = ANY($1::uuid[])', [gone]);
    if (live.length === 0) return;
    await tx.query(
      `INSERT INTO rm_user_access (user_id, provider, roles, subscriptions, products, registered_at,
                                   last_sign_in_at, sign_in_count, screen_takeovers)
       SELECT x.user_id, x.provider, ARRAY(SELECT jsonb_array_elements_text(x.roles)),
              ARRAY(SELECT jsonb_array_elements_text(x.subscriptions)),
              ARRAY(SELECT jsonb_array_elements_text(x.products)),
              x.registered_at, x.last_sign_in_at, x.sign_in_count, x.screen_takeovers
         FROM jsonb_to_recordset($1::jsonb) AS x(user_id uuid, provider text, roles jsonb, subscriptions jsonb,
              products jsonb, registered_at timestamptz, last_sign_in_at timestamptz, sign_in_count integer,
              screen_takeovers integer)
       ON CONFLICT (user_id) DO UPDATE SET
         roles = EXCLUDED.roles, subscriptions = EXCLUDED.subscriptions, products = EXCLUDED.products,
         last_sign_in_at = EXCLUDED.last_sign_in_at, sign_in_count = EXCLUDED.sign_in_count,
         screen_takeovers = EXCLUDED.screen_takeovers`,
      [
        JSON.stringify(
          live.map((s) => ({
            user_id: s.userId,
            provider: s.provider,
            roles: s.roles,
            subscriptions: s.subscriptions,
            products: productsOf(s),
            registered_at: s.registeredAt,
            last_sign_in_at: s.lastSignInAt,
            sign_in_count: s.signInCount,
            screen_takeovers: s.screenTakeovers,
          })),
        ),
      ],
    );
  },
});

/** The products an account owns by purchase or grant, from its row (none without one). */
export async function readOwnedProducts(db: Pool | PoolClient, userId: string): Promise<string[]> {
  const { rows } = await db.query<Row>('SELECT * FROM rm_user_access WHERE user_id = $1', [userId]);
  return rows[0] ? productsOf(fromRow(rows[0])) : [];
}
