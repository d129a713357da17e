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
  /** Seats of each product for a team licence charge; null for a personal purchase. */
  licence_seats: number | null;
} & ChargeDetails;

/** What the checkout said of a charge's price (null when it said nothing). */
export type ChargeDetails = {
  offering: string | null;
  price_version: number | null;
  list_price: number | null;
  discounts: Record<string, number> | null;
};

/** A checkout the platform started and that is not paid yet. */
export type CheckoutRow = {
  purchase_id: string;
  user_id: string;
  offering: string;
  price_version: number;
  list_price: number | null;
  discounts: Record<string, number> | null;
};

/** A product owned through a redeemed licence key until `expires_at`. */
export type LicenceSubscriptionRow = { user_id: string; product: string; expires_at: string };

/** One buyer's billing rows while a batch is folded. */
export type BillingState = {
  subscriptions: Map<string, SubscriptionRow>;
  licenceSubscriptions: Map<string, LicenceSubscriptionRow>;
  charges: Map<string, ChargeRow>;
  checkouts: Map<string, CheckoutRow>;
};

const NO_DETAILS: ChargeDetails = { offering: null, price_version: null, list_price: null, discounts: null };
const emptyState = (): BillingState => ({
  subscriptions: new Map(),
  licenceSubscriptions: new Map(),
  charges: new Map(),
  checkouts: new Map(),
});

const eventTypes = [
  'CheckoutStarted',
  'CheckoutExpired',
  'PurchaseCompleted',
  'PurchaseRefunded',
  'SubscriptionActivated',
  'SubscriptionEnded',
  'LicenceKeyApplied',
  'AccountWiped',
] as const;
type BillingEvent = {
  [K in (typeof eventTypes)[number]]: { type: K; data: EventDataMap[K] };
}[(typeof eventTypes)[number]];

/** Pure: a buyer's rows after one event. A wipe empties them. */
export function evolveBilling(state: BillingState, event: BillingEvent, occurredAt: string): BillingState {
  switch (event.type) {
    case 'AccountWiped':
      return emptyState();
    case 'CheckoutStarted': {
      const d = event.data;
      // Already paid (a redelivery after its PurchaseCompleted): the charge has its details.
      if (state.charges.has(d.sessionId)) return state;
      const checkouts = new Map(state.checkouts);
      checkouts.set(d.sessionId, {
        purchase_id: d.sessionId,
        user_id: d.userId,
        offering: d.offering,
        price_version: d.priceVersion,
        list_price: d.pricing?.listPrice ?? null,
        discounts: d.pricing ? d.pricing.discounts : null,
      });
      return { ...state, checkouts };
    }
    case 'CheckoutExpired': {
      if (!state.checkouts.has(event.data.sessionId)) return state;
      const checkouts = new Map(state.checkouts);
      checkouts.delete(event.data.sessionId);
      return { ...state, checkouts };
    }
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
      const checkouts = new Map(state.checkouts);
      const d = event.data;
      const checkout = checkouts.get(d.purchaseId);
      checkouts.delete(d.purchaseId);
      const known = state.charges.get(d.purchaseId);
      const details: ChargeDetails = checkout
        ? {
            offering: checkout.offering,
            price_version: checkout.price_version,
            list_price: checkout.list_price,
            discounts: checkout.discounts,
          }
        : known
          ? {
              offering: known.offering,
              price_version: known.price_version,
              list_price: known.list_price,
              discounts: known.discounts,
            }
          : NO_DETAILS;
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
        licence_seats: d.licenceSeats ?? null,
        ...details,
      });
      return { ...state, charges, checkouts };
    }
    case 'LicenceKeyApplied': {
      const licenceSubscriptions = new Map(state.licenceSubscriptions);
      for (const product of event.data.products) {
        const before = licenceSubscriptions.get(product);
        if (before && Date.parse(before.expires_at) >= Date.parse(event.data.expiresAt)) continue;
        licenceSubscriptions.set(product, {
          user_id: event.data.userId,
          product,
          expires_at: event.data.expiresAt,
        });
      }
      return { ...state, licenceSubscriptions };
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
  tables: ['rm_subscriptions', 'rm_charges', 'rm_charge_checkouts', 'rm_licence_subscriptions'],
  async apply(events, tx) {
    const userIds = [...new Set(events.map((e) => (e.data as { userId: string }).userId))];
    // One after another: the runner's transaction is one connection.
    const subscriptions = await tx.query<SubscriptionRow & { changed_at: Date }>(
      'SELECT * FROM rm_subscriptions WHERE user_id = ANY($1::uuid[])',
      [userIds],
    );
    const charges = await tx.query<
      ChargeRow & { paid_at: Date; amount: string; amount_refunded: string; list_price: string | null }
    >('SELECT * FROM rm_charges WHERE user_id = ANY($1::uuid[])', [userIds]);
    const checkouts = await tx.query<CheckoutRow & { list_price: string | null }>(
      'SELECT * FROM rm_charge_checkouts WHERE user_id = ANY($1::uuid[])',
      [userIds],
    );
    const licenceSubscriptions = await tx.query<LicenceSubscriptionRow & { expires_at: Date }>(
      'SELECT * FROM rm_licence_subscriptions WHERE user_id = ANY($1::uuid[])',
      [userIds],
    );
    const states = new Map<string, BillingState>(userIds.map((id) => [id, emptyState()]));
    for (const row of licenceSubscriptions.rows) {
      states
        .get(row.user_id)!
        .licenceSubscriptions.set(row.product, { ...row, expires_at: row.expires_at.toISOString() });
    }
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
        list_price: row.list_price === null ? null : Number(row.list_price),
      });
    }
    for (const row of checkouts.rows) {
      states.get(row.user_id)!.checkouts.set(row.purchase_id, {
        ...row,
        list_price: row.list_price === null ? null : Number(row.list_price),
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
    await tx.query('DELETE FROM rm_charge_checkouts WHERE user_id = ANY($1::uuid[])', [userIds]);
    await tx.query('DELETE FROM rm_licence_subscriptions WHERE user_id = ANY($1::uuid[])', [userIds]);
    const licenceRows = all.flatMap((s) => [...s.licenceSubscriptions.values()]);
    if (licenceRows.length > 0) {
      await tx.query(
        'INSERT INTO rm_licence_subscriptions SELECT * FROM jsonb_populate_recordset(NULL::rm_licence_subscriptions, $1::jsonb)',
        [JSON.stringify(licenceRows)],
      );
    }
    const subscriptionRows = all.flatMap((s) => [...s.subscriptions.values()]);
    const chargeRows = all.flatMap((s) => [...s.charges.values()]);
    const checkoutRows = all.flatMap((s) => [...s.checkouts.values()]);
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
    if (checkoutRows.length > 0) {
      await tx.query(
        'INSERT INTO rm_charge_checkouts SELECT * FROM jsonb_populate_recordset(NULL::rm_charge_checkouts, $1::jsonb)',
        [JSON.stringify(checkoutRows)],
      );
    }
  },
});
