import type { EventDataMap } from '@app/contracts';
import { defineProjection } from '../../runtime/projection';

export type SubscriptionRow = {
  user_id: string;
  product: string;
  status: 'active' | 'refunded';
  purchase_id: string;
  changed_at: string;
};

export type ChargeRow = {
  charge_id: string;
  purchase_id: string;
  user_id: string;
  products: string[];
  amount: number;
  currency: string;
  amount_refunded: number;
  affiliate_code: string | null;
  promo_code: string | null;
  paid_at: string;
};

/** One buyer's billing rows while a batch is folded. */
export type BillingState = { subscriptions: Map<string, SubscriptionRow>; charges: Map<string, ChargeRow> };

const eventTypes = [
  'PurchaseCompleted',
  'PurchaseRefunded',
  'SubscriptionActivated',
  'SubscriptionEnded',
  'AccountWiped',
] as const;
type BillingEvent = {
  [K in (typeof eventTypes)[number]]: { type: K; data: EventDataMap[K] };
}[(typeof eventTypes)[number]];

/** Pure: a buyer's rows after one event. A wipe empties them. */
export function evolveBilling(state: BillingState, event: BillingEvent, occurredAt: string): BillingState {
  switch (event.type) {
    case 'AccountWiped':
      return { subscriptions: new Map(), charges: new Map() };
    case 'SubscriptionActivated':
    case 'SubscriptionEnded': {
      const subscriptions = new Map(state.subscriptions);
      subscriptions.set(event.data.product, {
        user_id: event.data.userId,
        product: event.data.product,
        status: event.type === 'SubscriptionActivated' ? 'active' : 'refunded',
        purchase_id: event.data.purchaseId,
        changed_at: occurredAt,
      });
      return { ...state, subscriptions };
    }
    case 'PurchaseCompleted': {
      const charges = new Map(state.charges);
      const d = event.data;
      charges.set(d.purchaseId, {
        charge_id: d.chargeId,
        purchase_id: d.purchaseId,
        user_id: d.userId,
        products: d.products,
        amount: d.amount,
        currency: d.currency,
        amount_refunded: charges.get(d.purchaseId)?.amount_refunded ?? 0,
        affiliate_code: d.affiliateCode,
        promo_code: d.promoCode,
        paid_at: d.paidAt,
      });
      return { ...state, charges };
    }
    case 'PurchaseRefunded': {
      const charge = state.charges.get(event.data.purchaseId);
      if (!charge) return state;
      const charges = new Map(state.charges);
      charges.set(event.data.purchaseId, {
        ...charge,
        amount_refunded: Math.max(charge.amount_refunded, event.data.amountRefunded),
      });
      return { ...state, charges };
    }
  }
}

/**
 * Subscriptions and charges per buyer. A batch loads its buyers' rows, folds the events in order and
 * writes each table back in one statement, so redeliveries and replays land on the same rows.
 */
export const billingProjection = defineProjection({
  name: 'billing',
  eventTypes,
  tables: ['rm_subscriptions', 'rm_charges'],
  async apply(events, tx) {
    const userIds = [...new Set(events.map((e) => (e.data as { userId: string }).userId))];
    const [subscriptions, charges] = await Promise.all([
      tx.query<SubscriptionRow & { changed_at: Date }>(
        'SELECT * FROM rm_subscriptions WHERE user_id = ANY($1::uuid[])',
        [userIds],
      ),
      tx.query<ChargeRow & { paid_at: Date; amount: string; amount_refunded: string }>(
        'SELECT * FROM rm_charges WHERE user_id = ANY($1::uuid[])',
        [userIds],
      ),
    ]);
    const states = new Map<string, BillingState>(
      userIds.map((id) => [id, { subscriptions: new Map(), charges: new Map() }]),
    );
    for (const row of subscriptions.rows) {
      states
        .get(row.user_id)!
        .subscriptions.set(row.product, { ...row, changed_at: row.changed_at.toISOString() });
    }
    for (const row of charges.rows) {
      states.get(row.user_id)!.charges.set(row.purchase_id, {
        ...row,
        amount: Number(row.amount),
        amount_refunded: Number(row.amount_refunded),
        paid_at: row.paid_at.toISOString(),
      });
    }
    for (const event of events) {
      const userId = (event.data as { userId: string }).userId;
      states.set(
        userId,
        evolveBilling(states.get(userId)!, event as BillingEvent, event.metadata.occurredAt),
      );
    }
    const all = [...states.values()];
    await tx.query('DELETE FROM rm_subscriptions WHERE user_id = ANY($1::uuid[])', [userIds]);
    await tx.query('DELETE FROM rm_charges WHERE user_id = ANY($1::uuid[])', [userIds]);
    const subscriptionRows = all.flatMap((s) => [...s.subscriptions.values()]);
    const chargeRows = all.flatMap((s) => [...s.charges.values()]);
    if (subscriptionRows.length > 0) {
      await tx.query(
        'INSERT INTO rm_subscriptions SELECT * FROM jsonb_populate_recordset(NULL::rm_subscriptions, $1::jsonb)',
        [JSON.stringify(subscriptionRows)],
      );
    }
    if (chargeRows.length > 0) {
      await tx.query(
        'INSERT INTO rm_charges SELECT * FROM jsonb_populate_recordset(NULL::rm_charges, $1::jsonb)',
        [JSON.stringify(chargeRows)],
      );
    }
  },
});
