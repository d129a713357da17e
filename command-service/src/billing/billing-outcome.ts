import { userStreamId } from '@app/contracts';
import type { Appended, NewEvent } from '@app/server-kit';
import type { Transaction } from '../infrastructure/event-appender';
import { setSubscriptions } from '../identity/identity.repository';

/** What a webhook delivery did; `position` answers a duplicate with the original fulfilment's. */
export type BillingOutcome = {
  outcome: 'fulfilled' | 'refunded' | 'expired' | 'duplicate' | 'ignored';
  appended?: Appended;
  position?: string;
};

/**
 * A billing decision stored: the buyer's owned products (read by authentication) and the events on
 * the buyer's stream, in the caller's transaction. The events are the truth; the owned products are
 * their fold, kept beside them so a request is authenticated in one query.
 */
export async function commitBillingDecision(
  tx: Transaction,
  userId: string,
  decision: { events: readonly NewEvent[]; subscriptions: readonly string[] },
  correlationId: string,
): Promise<Appended> {
  await setSubscriptions(tx.client, userId, decision.subscriptions);
  return tx.append(userStreamId(userId), decision.events, {
    actor: { kind: 'system', id: 'stripe' },
    correlationId,
  });
}
