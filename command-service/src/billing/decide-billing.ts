import { z } from 'zod';
import { ALL_ACCESS, DomainError, type EventDataMap, productIds } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';
import type { StartedCheckout } from '../commerce/checkouts.aggregate';

/*
 * Pure billing decisions: what a paid checkout or a refund appends, and which subscriptions are
 * active afterwards. The controller supplies the state (the buyer's purchases) and stores the result.
 */

const subscriptionProducts: readonly string[] = [...productIds, ALL_ACCESS];

/** The part of a Stripe Checkout Session that fulfilment reads. Our checkout sets the rest. */
const checkoutSessionSchema = z.object({
  id: z.string().min(1).max(255),
  client_reference_id: z.uuid({ message: 'client_reference_id must be the buyer’s user id.' }),
  payment_status: z.string(),
  amount_total: z.number().int().min(0).nullable(),
  currency: z.string().regex(/^[a-z]{3}$/, 'currency must be a three-letter ISO code in lower case.'),
  payment_intent: z
    .union([z.string(), z.object({ id: z.string() })])
    .nullable()
    .optional(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
  /** Unix seconds the session was created: an affiliate sale's date. */
  created: z.number().int().optional(),
});

export type PaidCheckout = Omit<EventDataMap['PurchaseCompleted'], 'paidAt'>;

export type CheckoutReading =
  /**
   * `priceVersion`: the price list version the platform priced the checkout with (metadata).
   * `licence`: metadata `kind: 'licence'` with its `seats`: team licence seats, not ownership.
   */
  | {
      kind: 'paid';
      checkout: PaidCheckout;
      priceVersion: number | null;
      licence: { seats: number } | null;
      /** When the session was created (ISO), if Stripe said: the date of an affiliate's sale. */
      createdAt: string | null;
    }
  /** Not paid yet (delayed payment methods): `checkout.session.async_payment_succeeded` follows. */
  | { kind: 'unpaid' }
  | { kind: 'invalid'; message: string };

const optionalCode = (value: string | undefined) =>
  value && value.trim() ? value.trim().slice(0, 64) : null;

/** The session id of a `checkout.session.expired` event's session, with its buyer. */
export function readExpiredCheckout(object: unknown): { userId: string; sessionId: string } | null {
  const parsed = checkoutSessionSchema.pick({ id: true, client_reference_id: true }).safeParse(object);
  return parsed.success ? { userId: parsed.data.client_reference_id, sessionId: parsed.data.id } : null;
}

/**
 * A paid session is fulfilled only when the platform started it (CheckoutStarted) for this buyer,
 * with this amount, currency, products and price version: anything else was not priced here.
 */
export function checkPaidAgainstStarted(
  started: StartedCheckout | undefined,
  paid: PaidCheckout,
  priceVersion: number | null,
  licence: { seats: number } | null = null,
): DomainError | null {
  if (!started || started.userId !== paid.userId) {
    return new DomainError(
      'BILLING_CHECKOUT_MISMATCH',
      `No checkout ${paid.purchaseId} was started here for this buyer.`,
    );
  }
  const differences = [
    (started.licence?.seats ?? null) !== (licence?.seats ?? null) &&
      `licence seats ${licence?.seats ?? 'none'} (started: ${started.licence?.seats ?? 'none'})`,
    started.amount !== paid.amount && `amount ${paid.amount} (started: ${started.amount})`,
    started.currency !== paid.currency && `currency ${paid.currency} (started: ${started.currency})`,
    [...started.products].sort().join() !== [...paid.products].sort().join() &&
      `products ${paid.products.join(', ')} (started: ${started.products.join(', ')})`,
    started.priceVersion !== priceVersion &&
      `price version ${priceVersion ?? 'none'} (started: ${started.priceVersion})`,
  ].filter((d): d is string => Boolean(d));
  return differences.length === 0
    ? null
    : new DomainError(
        'BILLING_CHECKOUT_MISMATCH',
        `The paid checkout ${paid.purchaseId} differs from the one started: ${differences.join('; ')}.`,
      );
}

/** An expired or cancelled session ends its checkout when it is still open; nothing otherwise. */
export function decideCheckoutExpiry(
  started: StartedCheckout | undefined,
  expired: { userId: string; sessionId: string },
): NewEvent<'CheckoutExpired'>[] {
  if (!started || started.status !== 'open' || started.userId !== expired.userId) return [];
  return [{ type: 'CheckoutExpired', data: { userId: expired.userId, sessionId: expired.sessionId } }];
}

/** Reads a checkout session of a `checkout.session.*` event. */
export function readCheckout(object: unknown): CheckoutReading {
  const parsed = checkoutSessionSchema.safeParse(object);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      kind: 'invalid',
      message: `The checkout session is not usable: ${issue.path.join('.')}: ${issue.message}`,
    };
  }
  const session = parsed.data;
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') {
    return { kind: 'unpaid' };
  }
  const metadata = session.metadata ?? {};
  const products = [
    ...new Set(
      (metadata.products ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    ),
  ];
  if (products.length === 0) {
    return { kind: 'invalid', message: 'The checkout session has no products in metadata.products.' };
  }
  const unknown = products.filter((p) => !subscriptionProducts.includes(p));
  if (unknown.length > 0) {
    return {
      kind: 'invalid',
      message: `The checkout session names unknown products: ${unknown.join(', ')}.`,
    };
  }
  let licence: { seats: number } | null = null;
  if (metadata.kind === 'licence') {
    const seats = Number(metadata.seats);
    if (!/^[1-9][0-9]*$/.test(metadata.seats ?? '') || !Number.isSafeInteger(seats)) {
      return { kind: 'invalid', message: 'A licence checkout needs metadata.seats, a positive integer.' };
    }
    licence = { seats };
  }
  const intent = session.payment_intent;
  const priceVersion = Number(metadata.priceVersion);
  return {
    kind: 'paid',
    licence,
    priceVersion: Number.isInteger(priceVersion) && priceVersion > 0 ? priceVersion : null,
    createdAt: session.created === undefined ? null : new Date(session.created * 1000).toISOString(),
    checkout: {
      userId: session.client_reference_id,
      purchaseId: session.id,
      chargeId: (typeof intent === 'string' ? intent : intent?.id) ?? session.id,
      products: products as PaidCheckout['products'],
      amount: session.amount_total ?? 0,
      currency: session.currency,
      affiliateCode: optionalCode(metadata.affiliateCode),
      promoCode: optionalCode(metadata.promocode ?? metadata.promoCode),
    },
  };
}

const refundedChargeSchema = z.object({
  id: z.string(),
  payment_intent: z
    .union([z.string(), z.object({ id: z.string() })])
    .nullable()
    .optional(),
  amount_refunded: z.number().int().min(0),
  refunded: z.boolean(),
});

export type RefundReading =
  | { kind: 'refund'; chargeIds: string[]; amountRefunded: number; full: boolean }
  | { kind: 'invalid'; message: string };

/** Reads the charge of a `charge.refunded` event; the purchase is found by payment intent (or charge). */
export function readRefund(object: unknown): RefundReading {
  const parsed = refundedChargeSchema.safeParse(object);
  if (!parsed.success) return { kind: 'invalid', message: 'The refunded charge is not usable.' };
  const charge = parsed.data;
  const intent =
    typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  return {
    kind: 'refund',
    chargeIds: intent ? [intent, charge.id] : [charge.id],
    amountRefunded: charge.amount_refunded,
    full: charge.refunded,
  };
}

/** A purchase as the decisions see it. */
export type PurchaseRecord = {
  purchaseId: string;
  products: readonly string[];
  /** Cents refunded so far (the provider's running total). */
  amountRefunded: number;
  fullyRefunded: boolean;
};

/** Active subscriptions: the products of every purchase not fully refunded, in catalogue order. */
export function activeSubscriptions(purchases: readonly PurchaseRecord[]): string[] {
  const active = new Set(purchases.filter((p) => !p.fullyRefunded).flatMap((p) => p.products));
  return subscriptionProducts.filter((p) => active.has(p));
}

type BillingEvent = NewEvent<
  'PurchaseCompleted' | 'PurchaseRefunded' | 'SubscriptionActivated' | 'SubscriptionEnded'
>;

/** A paid checkout: the purchase, then each subscription it starts (none for products already active). */
export function decideFulfilment(
  earlier: readonly PurchaseRecord[],
  checkout: PaidCheckout,
  paidAt: string,
): { events: BillingEvent[]; subscriptions: string[] } {
  const before = activeSubscriptions(earlier);
  const after = activeSubscriptions([
    ...earlier,
    { purchaseId: checkout.purchaseId, products: checkout.products, amountRefunded: 0, fullyRefunded: false },
  ]);
  const events: BillingEvent[] = [{ type: 'PurchaseCompleted', data: { ...checkout, paidAt } }];
  for (const product of after.filter((p) => !before.includes(p))) {
    events.push({
      type: 'SubscriptionActivated',
      data: {
        userId: checkout.userId,
        product: product as PaidCheckout['products'][number],
        purchaseId: checkout.purchaseId,
      },
    });
  }
  return { events, subscriptions: after };
}

/**
 * A refund of one purchase. Nothing when it adds nothing (a redelivery, or an older total arriving
 * late); a full refund ends the subscriptions no other purchase still covers.
 */
export function decideRefund(
  purchases: readonly PurchaseRecord[],
  refunded: { purchaseId: string; chargeId: string; userId: string },
  reading: { amountRefunded: number; full: boolean },
): { events: BillingEvent[]; subscriptions: string[] } {
  const target = purchases.find((p) => p.purchaseId === refunded.purchaseId);
  const before = activeSubscriptions(purchases);
  if (!target || target.fullyRefunded || (reading.amountRefunded <= target.amountRefunded && !reading.full)) {
    return { events: [], subscriptions: before };
  }
  const after = activeSubscriptions(
    purchases.map((p) => (p.purchaseId === refunded.purchaseId ? { ...p, fullyRefunded: reading.full } : p)),
  );
  const events: BillingEvent[] = [
    {
      type: 'PurchaseRefunded',
      data: {
        userId: refunded.userId,
        purchaseId: refunded.purchaseId,
        chargeId: refunded.chargeId,
        amountRefunded: reading.amountRefunded,
        full: reading.full,
      },
    },
  ];
  for (const product of before.filter((p) => !after.includes(p))) {
    events.push({
      type: 'SubscriptionEnded',
      data: {
        userId: refunded.userId,
        product: product as PaidCheckout['products'][number],
        purchaseId: refunded.purchaseId,
        reason: 'refunded',
      },
    });
  }
  return { events, subscriptions: after };
}
