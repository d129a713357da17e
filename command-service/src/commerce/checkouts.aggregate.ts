import { ALL_ACCESS, type CheckoutStarted, allAccessProductIds } from '@app/contracts';
import type { Aggregate } from '../infrastructure/aggregate-store';

/** A checkout the platform started, and what became of it. */
export type StartedCheckout = CheckoutStarted & { status: 'open' | 'paid' | 'expired' };

/** A buyer's user stream folded for purchases: checkouts by session id and active subscriptions. */
export type Checkouts = {
  sessions: ReadonlyMap<string, StartedCheckout>;
  /** Products (and allaccess) with an active subscription. */
  subscriptions: ReadonlySet<string>;
  /** When the account was registered (the exploding offer counts from it). */
  registeredAt: Date | null;
};

export const checkoutsAggregate: Aggregate<Checkouts> = {
  initialState: () => ({ sessions: new Map(), subscriptions: new Set(), registeredAt: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return { ...state, registeredAt: new Date(event.metadata.occurredAt) };
      case 'CheckoutStarted':
        return {
          ...state,
          sessions: new Map(state.sessions).set(event.data.sessionId, { ...event.data, status: 'open' }),
        };
      case 'CheckoutExpired':
        return withStatus(state, event.data.sessionId, 'expired');
      case 'PurchaseCompleted':
        return withStatus(state, event.data.purchaseId, 'paid');
      case 'SubscriptionActivated':
        return { ...state, subscriptions: new Set(state.subscriptions).add(event.data.product) };
      case 'SubscriptionEnded': {
        const subscriptions = new Set(state.subscriptions);
        subscriptions.delete(event.data.product);
        return { ...state, subscriptions };
      }
      default:
        return state;
    }
  },
};

function withStatus(state: Checkouts, sessionId: string, status: StartedCheckout['status']): Checkouts {
  const started = state.sessions.get(sessionId);
  if (!started || started.status !== 'open') return state;
  return { ...state, sessions: new Map(state.sessions).set(sessionId, { ...started, status }) };
}

/** The products a subscription list covers (allaccess expands to its products). */
export function coveredProducts(products: Iterable<string>): Set<string> {
  const covered = new Set<string>();
  for (const product of products) {
    if (product === ALL_ACCESS) allAccessProductIds.forEach((p) => covered.add(p));
    covered.add(product);
  }
  return covered;
}

/** Checkouts still payable at `now`: started, neither paid nor expired, before their expiry. */
export function openCheckouts(state: Checkouts, now: Date): StartedCheckout[] {
  return [...state.sessions.values()].filter(
    (c) => c.status === 'open' && Date.parse(c.expiresAt) > now.getTime(),
  );
}
