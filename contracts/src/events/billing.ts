import { z } from 'zod';
import { defineEvent } from './define';
import { ALL_ACCESS, productIds } from '../constants';

/*
 * Billing facts. Payment is confirmed by the provider's webhook, never by the browser, so every
 * event here is appended by the webhook handler. All of them go to the buyer's user stream: an
 * account wipe and a purchase then keep their order on every feed (Kafka keys by stream).
 */

const userId = z.uuid();
const product = z.enum([...productIds, ALL_ACCESS]);
/** The provider's ids (Stripe: cs_..., pi_..., ch_...); opaque here. */
const providerId = z.string().min(1).max(255);

export const PurchaseCompletedV1 = defineEvent({
  type: 'PurchaseCompleted',
  version: 1,
  schema: z.object({
    userId,
    /** The checkout session that was paid. */
    purchaseId: providerId,
    /** The payment, shown to the buyer as the charge id and named by refunds. */
    chargeId: providerId,
    products: z.array(product).min(1),
    /** Integer cents actually paid, in `currency`. */
    amount: z.number().int().min(0),
    currency: z.string().regex(/^[a-z]{3}$/),
    affiliateCode: z.string().max(64).nullable(),
    promoCode: z.string().max(64).nullable(),
    paidAt: z.iso.datetime({ offset: true }),
    /** A team licence purchase: seats of each product for the buyer to hand out (absent: personal). */
    licenceSeats: z.number().int().min(1).optional(),
  }),
});

export const PurchaseRefundedV1 = defineEvent({
  type: 'PurchaseRefunded',
  version: 1,
  schema: z.object({
    userId,
    purchaseId: providerId,
    chargeId: providerId,
    /** Cents refunded so far in total (the provider reports the running total). */
    amountRefunded: z.number().int().min(0),
    /** A full refund ends the subscriptions the purchase gave, unless another purchase covers them. */
    full: z.boolean(),
  }),
});

/** A product (or allaccess) became an active subscription of the user. */
export const SubscriptionActivatedV1 = defineEvent({
  type: 'SubscriptionActivated',
  version: 1,
  schema: z.object({ userId, product, purchaseId: providerId }),
});

export const SubscriptionEndedV1 = defineEvent({
  type: 'SubscriptionEnded',
  version: 1,
  schema: z.object({ userId, product, purchaseId: providerId, reason: z.enum(['refunded']) }),
});

/**
 * The platform opened a Stripe Checkout Session for an offering it priced (purchase-offering). The
 * webhook fulfils a paid session only when it matches this (amount, currency, products, price
 * version): Stripe's session metadata is what the platform wrote, and this is the platform's own copy.
 */
export const CheckoutStartedV1 = defineEvent({
  type: 'CheckoutStarted',
  version: 1,
  schema: z.object({
    userId,
    /** The Checkout Session (cs_...): the purchase id once paid. */
    sessionId: providerId,
    /** The offering's key in the offerings reply. */
    offering: z.string().min(1).max(200),
    products: z.array(product).min(1),
    /** Integer cents to pay, in `currency`. */
    amount: z.number().int().min(0),
    currency: z.string().regex(/^[a-z]{3}$/),
    priceVersion: z.number().int().min(1),
    region: z.string().min(1).max(16),
    affiliateCode: z.string().max(64).nullable(),
    promoCode: z.string().max(64).nullable(),
    /** Where the buyer pays: Stripe's hosted page, or outside production the test payment page. */
    checkoutUrl: z.string().max(2000),
    /** Where the payment page sends the buyer after paying, and after cancelling. */
    successUrl: z.string().max(2000),
    cancelUrl: z.string().max(2000),
    /** After this the session cannot be paid, and another checkout of its products may start. */
    expiresAt: z.iso.datetime({ offset: true }),
    /**
     * The price as shown to the buyer, for the receipt: the list price (cents) and each discount taken
     * off it by name (holiday, loyalty, student, bundle, exploding, proration, promo). Absent from
     * checkouts started before receipts listed discounts; amount = listPrice minus the discounts.
     */
    pricing: z
      .object({
        listPrice: z.number().int().min(0),
        discounts: z.record(z.string().min(1).max(40), z.number().int().min(0)),
      })
      .optional(),
    /** A team licence checkout: seats of each product, fulfilled as a licence, not as ownership. */
    licence: z.object({ seats: z.number().int().min(1), isEnterprise: z.boolean() }).optional(),
  }),
});

/** A started checkout ended unpaid (Stripe's `checkout.session.expired`: expired or cancelled). */
export const CheckoutExpiredV1 = defineEvent({
  type: 'CheckoutExpired',
  version: 1,
  schema: z.object({ userId, sessionId: providerId }),
});

export type CheckoutStarted = z.infer<typeof CheckoutStartedV1.schema>;
export type CheckoutExpired = z.infer<typeof CheckoutExpiredV1.schema>;
export type PurchaseCompleted = z.infer<typeof PurchaseCompletedV1.schema>;
export type PurchaseRefunded = z.infer<typeof PurchaseRefundedV1.schema>;
export type SubscriptionActivated = z.infer<typeof SubscriptionActivatedV1.schema>;
export type SubscriptionEnded = z.infer<typeof SubscriptionEndedV1.schema>;
