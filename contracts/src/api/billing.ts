import { z } from 'zod';
import { anyone, commandAckSchema, defineCall, signedIn, staffOnly } from './define';
import { built } from './build-state';
import { get, post } from './call-path';
import * as routedPaths from './routed-call-paths';
import {
  centsSchema,
  emptyRequest,
  idSchema,
  productIdSchema,
  productOrBundleSchema,
  timestampSchema,
} from './common';
import { affiliateCodeSchema } from '../rules/affiliates';
import { priceListSchema } from '../rules/pricing';
import { promoCodeErrorCodes } from '../errors';

/*
 * Spec 7, Billing: offerings, purchases, subscriptions, charges, receipts and team licences.
 * Money is in integer cents. Purchases answer a checkout url; fulfilment comes from the
 * payment provider's webhook, so the purchase command itself grants nothing.
 */

/** Promo codes arrive from the `a` query parameter; same alphabet as affiliate codes. */
export const promoCodeSchema = z
  .string()
  .trim()
  .min(1, 'The promo code is empty.')
  .max(64, 'The promo code is longer than 64 characters.')
  .regex(/^[A-Za-z0-9_-]+$/, 'The promo code may contain only letters, digits, dashes and underscores.');

const discountSchema = z.object({ amount: centsSchema });

/** One offering of spec 3 (a product set with its price build-up). */
export const offeringSchema = z.object({
  products: z.array(productIdSchema),
  priceShares: z.array(
    z.object({ product: productIdSchema, basePrice: centsSchema, sharePercent: z.number().min(0).max(100) }),
  ),
  discounts: z.object({
    holiday: discountSchema,
    loyalty: discountSchema,
    student: discountSchema,
    bundle: discountSchema,
    exploding: discountSchema,
    proration: discountSchema,
    /** What the promo code took off (absent or 0 without one). amountPer = basePrice minus every discount. */
    promo: discountSchema.optional(),
  }),
  basePrice: centsSchema,
  amountPer: centsSchema,
});
export type Offering = z.infer<typeof offeringSchema>;

/** Offerings reply of spec 3; offerings are keyed by product-set name or id. */
export const offeringsReplySchema = z.object({
  status: z.string(),
  marketingChannel: z.string().nullable(),
  priceRegion: z.string(),
  /** Ties a purchase to the prices shown. */
  paymentToken: z.string().nullable(),
  offerings: z.record(z.string(), offeringSchema),
  /** The region's currency (ISO 4217, lower case); amounts are its cents. */
  currency: z.string().optional(),
  /** The price list version the amounts come from (also inside paymentToken). */
  priceVersion: z.number().int().optional(),
  /**
   * Why the promo code asked for was not applied (spec 4: an error answer the client counts as
   * success): the offerings are priced without it. null when it applied or none was asked for.
   */
  promoCodeError: z
    .object({ code: z.enum(promoCodeErrorCodes), message: z.string() })
    .nullable()
    .optional(),
  /** Every region with prices (the account may choose one: users/v1/pricing-region/set). */
  regions: z.array(z.object({ code: z.string(), currency: z.string() })).optional(),
  /** The promotion running for this buyer, with the end of its countdown (holiday or exploding offer). */
  promotion: z
    .object({
      kind: z.enum(['holiday', 'exploding']),
      name: z.string(),
      percent: z.number().int(),
      endsAt: timestampSchema,
    })
    .nullable()
    .optional(),
});
export type OfferingsReply = z.infer<typeof offeringsReplySchema>;

/**
 * Bad, expired, own or other-region promo codes (SUBSCRIPTIONS_*_PROMOCODE) are error answers the
 * client treats as success: the call answers 200 with the offerings priced without the code and the
 * error in `promoCodeError`.
 */
const offeringsRequest = z.object({
  promocode: promoCodeSchema.optional(),
  affiliateCode: affiliateCodeSchema.optional(),
});

export const getOfferings = defineCall({
  route: post('getOfferings', '/api/subscriptions/v3/offerings/get'),
  state: built,
  kind: 'query',
  access: anyone,
  summary: 'Prices of products and bundles for this visitor, with discounts applied.',
  request: offeringsRequest,
  response: offeringsReplySchema,
});

/** The spec gives no shape for the platform and triple offerings; they answer the same reply. */
export const getPlatformOfferings = defineCall({
  route: post('getPlatformOfferings', '/api/subscriptions/v3/platform-offerings/get'),
  state: built,
  kind: 'query',
  access: anyone,
  summary: 'Offerings of the platform (all products) page.',
  request: offeringsRequest,
  response: offeringsReplySchema,
});

export const getTripleOfferings = defineCall({
  route: post('getTripleOfferings', '/api/subscriptions/v3/triple-offerings/get'),
  state: built,
  kind: 'query',
  access: anyone,
  summary: 'Offerings of three-product bundles.',
  request: offeringsRequest,
  response: offeringsReplySchema,
});

const checkoutReply = commandAckSchema.extend({ checkoutUrl: z.string() });

export const purchaseOffering = defineCall({
  route: post('purchaseOffering', '/api/subscriptions/v2/offerings/purchase'),
  state: built,
  kind: 'command',
  access: signedIn,
  summary: 'Start buying an offering; answers the checkout url.',
  request: offeringsRequest.extend({
    /** Key of the offering in the offerings reply. */
    offering: z.string().trim().min(1).max(200),
    paymentToken: z.string().max(2000).optional(),
  }),
  response: checkoutReply,
});

/** Subscription of spec 3. Only 'active' is given as a status value; others pass as text. */
export const subscriptionSchema = z.object({ product: productOrBundleSchema, status: z.string() });
export type Subscription = z.infer<typeof subscriptionSchema>;

/** Anonymous visitors get an empty list (everyone loads subscriptions at startup). */
export const getSubscriptions = defineCall({
  route: routedPaths.getSubscriptions,
  state: built,
  kind: 'query',
  access: anyone,
  summary: "The user's subscriptions; owned products are the active ones plus roles.",
  request: emptyRequest,
  response: z.object({ subscriptions: z.array(subscriptionSchema) }),
});

/** Charge of spec 3: the spec names only the id; amount, products and date are what the transactions page needs. */
export const chargeSchema = z.object({
  id: idSchema,
  /** The checkout that was paid (the `purchase` of /confirmation's url). */
  purchaseId: idSchema,
  amount: centsSchema,
  currency: z.string(),
  products: z.array(productOrBundleSchema),
  createdAt: timestampSchema,
  /** Cents refunded so far (0 when none). */
  amountRefunded: centsSchema,
});
export type Charge = z.infer<typeof chargeSchema>;

export const getCharges = defineCall({
  route: routedPaths.getCharges,
  state: built,
  kind: 'query',
  access: anyone,
  summary: "The user's charges and licence charges (empty for anonymous visitors).",
  request: emptyRequest,
  response: z.object({ charges: z.array(chargeSchema), licenseCharges: z.array(chargeSchema) }),
});

/**
 * The payment provider's webhook (Stripe's event delivery). Not a browser call: the signature
 * header over the raw body is the authentication, so access is open and the handler refuses
 * anything unsigned. A purchase is fulfilled here only, once per checkout however often and
 * concurrently it is delivered. The body is Stripe's event object; only `id` and `type` are fixed.
 */
export const stripeWebhook = defineCall({
  route: post('stripeWebhook', '/api/subscriptions/v1/stripe/webhook'),
  state: built,
  kind: 'command',
  access: anyone,
  summary: 'Payment events from Stripe (checkout paid, refunds) that grant and end subscriptions.',
  request: z.looseObject({ id: z.string().min(1).max(255), type: z.string().min(1).max(255) }),
  response: commandAckSchema.extend({
    /** What the event did: fulfilled, refunded, expired (an open checkout ended), duplicate (already handled) or ignored (not ours to act on). */
    outcome: z.enum(['fulfilled', 'refunded', 'expired', 'duplicate', 'ignored']),
  }),
});
/** The services keep the raw body of the webhook's requests, which its signature covers. */
export const STRIPE_WEBHOOK_PATH = stripeWebhook.path;

/*
 * Outside production no Stripe account exists: purchases answer the test payment page below as their
 * checkout url. It stands in for Stripe's hosted page; Pay sends the platform's webhook a signed
 * `checkout.session.completed` built from the checkout the platform started, Cancel a signed
 * `checkout.session.expired`. Production answers 404 (the buyer pays on Stripe's own page).
 */
const testCheckoutParams = z.object({ userId: z.uuid(), sessionId: z.string().min(1).max(255) });

export const getTestCheckoutPage = defineCall({
  route: get('getTestCheckoutPage', '/api/subscriptions/v1/test-checkout/{userId}/{sessionId}'),
  state: built,
  kind: 'command',
  access: anyone,
  params: testCheckoutParams,
  summary: 'Not in production: the test payment page standing in for Stripe Checkout (HTML).',
  request: z.object({}),
  response: z.undefined(),
});

export const payTestCheckout = defineCall({
  route: post('payTestCheckout', '/api/subscriptions/v1/test-checkout/{userId}/{sessionId}/pay'),
  state: built,
  kind: 'command',
  access: anyone,
  params: testCheckoutParams,
  summary: 'Not in production: pay the test checkout (signed webhook), then a redirect to the success url.',
  request: z.object({}),
  response: z.undefined(),
});

export const cancelTestCheckout = defineCall({
  route: post('cancelTestCheckout', '/api/subscriptions/v1/test-checkout/{userId}/{sessionId}/cancel'),
  state: built,
  kind: 'command',
  access: anyone,
  params: testCheckoutParams,
  summary: 'Not in production: cancel the test checkout (signed webhook), then a redirect to the cancel url.',
  request: z.object({}),
  response: z.undefined(),
});

/** A short-lived link to the receipt document; the spec does not say how the file is delivered. */
const receiptReply = z.object({ url: z.string() });

export const downloadReceipt = defineCall({
  route: post('downloadReceipt', '/api/subscriptions/v2/receipts/download'),
  state: built,
  kind: 'query',
  access: signedIn,
  summary:
    "Receipt of one of the caller's charges: a link to its PDF, valid a few minutes (404 for another's).",
  request: z.object({ chargeId: idSchema }),
  response: receiptReply,
});

/**
 * The PDF behind downloadReceipt's link. The link is opened by the browser, which sends no
 * Authorization header, so the signed, expiring token in the path is the authorisation.
 */
export const getReceiptPdf = defineCall({
  route: get('getReceiptPdf', '/api/subscriptions/v2/receipts/{receiptToken}.pdf'),
  state: built,
  kind: 'query',
  access: anyone,
  params: z.object({
    receiptToken: z
      .string()
      .min(1)
      .max(1000)
      .regex(/^[A-Za-z0-9_.-]+$/, 'The receipt link is not valid.'),
  }),
  summary: 'A receipt as a PDF (application/pdf) through a link downloadReceipt made; 404 once it expired.',
  request: z.object({}),
  response: z.unknown(),
});

// ---------------------------------------------------------------------------
// Team licences
// ---------------------------------------------------------------------------

/** Licence form rules are not shown in the spec; these bounds are ours. */
const licenceName = z.string().trim().min(1, 'The licence name is empty.').max(100);
const licenceCount = z.number().int().min(1, 'A licence allows at least one use.').max(10_000);
const licenceCode = z.string().trim().min(1).max(100);

export const licenceSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** Maximum uses. */
  count: z.number().int().nonnegative(),
  allowedProducts: z.array(productOrBundleSchema),
  product: productOrBundleSchema,
  isEnterprise: z.boolean(),
});
export type Licence = z.infer<typeof licenceSchema>;

export const keyApplicationSchema = z.object({
  keyCode: z.string(),
  userId: idSchema,
  username: z.string().nullable(),
  appliedAt: timestampSchema,
});

/** Licence store of spec 3. */
export const licenceStateSchema = z.object({
  keyApplications: z.record(z.string(), z.array(keyApplicationSchema)),
  licenseKeys: z.partialRecord(productOrBundleSchema, z.array(licenceSchema)),
  unusedLicenses: z.partialRecord(productOrBundleSchema, z.number().int().nonnegative()),
  /** Ours, for the manage page: seats bought, unused, redeemed and the licence year's end per product. */
  seats: z
    .array(
      z.object({
        product: productOrBundleSchema,
        total: z.number().int().nonnegative(),
        unused: z.number().int().nonnegative(),
        redeemed: z.number().int().nonnegative(),
        expiresAt: timestampSchema,
      }),
    )
    .optional(),
});
export type LicenceState = z.infer<typeof licenceStateSchema>;

export const purchaseLicenses = defineCall({
  route: post('purchaseLicenses', '/api/subscriptions/v2/licenses/purchase'),
  state: built,
  kind: 'command',
  access: signedIn,
  summary: 'Start buying team licences for one product or bundle.',
  request: z.object({
    product: productOrBundleSchema,
    count: licenceCount,
    promocode: promoCodeSchema.optional(),
  }),
  response: checkoutReply,
});

/** v3 buys licences valid for a set of products (the spec gives no difference; this is ours). */
export const purchaseLicensesV3 = defineCall({
  route: post('purchaseLicensesV3', '/api/subscriptions/v3/licenses/purchase'),
  state: built,
  kind: 'command',
  access: signedIn,
  summary: 'Start buying team licences valid for several products.',
  request: z.object({
    allowedProducts: z.array(productOrBundleSchema).min(1),
    count: licenceCount,
    isEnterprise: z.boolean().default(false),
    promocode: promoCodeSchema.optional(),
  }),
  response: checkoutReply,
});

export const listLicenseOfferings = defineCall({
  route: post('listLicenseOfferings', '/api/subscriptions/v2/licenses/offerings/list'),
  state: built,
  kind: 'query',
  access: anyone,
  summary: 'Team-licence prices.',
  request: offeringsRequest,
  response: offeringsReplySchema,
});

export const getLicenseState = defineCall({
  route: post('getLicenseState', '/api/subscriptions/v2/licenses/get_license_state'),
  state: built,
  kind: 'query',
  access: signedIn,
  summary: "The licence holder's keys, their applications and unused licences per product.",
  request: emptyRequest,
  response: licenceStateSchema,
});

export const createLicenseKey = defineCall({
  route: post('createLicenseKey', '/api/subscriptions/v2/licenses/create_license_key'),
  state: built,
  kind: 'command',
  access: signedIn,
  summary: 'Create a key from unused licences (lowers the unused count by its count).',
  request: z.object({ name: licenceName, count: licenceCount, product: productOrBundleSchema }),
  response: commandAckSchema.extend({ license: licenceSchema }),
});

export const editLicenseKey = defineCall({
  route: post('editLicenseKey', '/api/subscriptions/v2/licenses/edit_license_key'),
  state: built,
  kind: 'command',
  access: signedIn,
  summary: 'Rename a key or change its maximum uses (unused count adjusts by the difference).',
  request: z.object({ code: licenceCode, name: licenceName.optional(), count: licenceCount.optional() }),
  response: commandAckSchema.extend({ license: licenceSchema }),
});

export const deleteLicenseKey = defineCall({
  route: post('deleteLicenseKey', '/api/subscriptions/v2/licenses/delete_license_key'),
  state: built,
  kind: 'command',
  access: signedIn,
  summary: 'Delete a key; its count returns to the unused licences.',
  request: z.object({ code: licenceCode }),
  response: commandAckSchema,
});

export const applyLicenseKey = defineCall({
  route: post('applyLicenseKey', '/api/subscriptions/v2/licenses/apply_license_key'),
  state: built,
  kind: 'command',
  access: signedIn,
  summary: 'Redeem a licence key for the signed-in user.',
  request: z.object({ keyCode: licenceCode }),
  response: commandAckSchema.extend({ grantedProducts: z.array(productIdSchema) }),
});

export const downloadLicenseReceipt = defineCall({
  route: post('downloadLicenseReceipt', '/api/subscriptions/v2/licenses/receipts/download'),
  state: built,
  kind: 'query',
  access: signedIn,
  summary: 'Receipt of one licence charge.',
  request: z.object({ chargeId: idSchema }),
  response: receiptReply,
});

// ---------------------------------------------------------------------------
// Commerce staff calls: the price list and promo codes
// ---------------------------------------------------------------------------

/** Staff publish a new price list; its version must be above the published one. */
export const publishPriceList = defineCall({
  route: post('publishPriceList', '/api/staff/v1/price-list/publish'),
  state: built,
  kind: 'command',
  access: staffOnly,
  summary: 'Publish a new version of the price list (offerings use it at once).',
  request: priceListSchema,
  response: commandAckSchema.extend({ version: z.number().int() }),
});

const promoCodeRegion = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'A region is two letters.');

/**
 * Staff create a promo code: exactly one of percentOff and amountOff (cents of the region's
 * currency, so an amount needs a region). Codes are matched regardless of case and stored upper case.
 */
export const createPromoCode = defineCall({
  route: post('createPromoCode', '/api/staff/v1/promo-codes'),
  state: built,
  kind: 'command',
  access: staffOnly,
  summary: 'Create a promo code (percent or amount off, region, expiry, use limit, owning affiliate).',
  request: z
    .object({
      code: promoCodeSchema.transform((c) => c.toUpperCase()),
      percentOff: z.number().int().min(1).max(100).nullable().default(null),
      amountOff: z.number().int().min(1).nullable().default(null),
      region: promoCodeRegion.nullable().default(null),
      expiresAt: timestampSchema.nullable().default(null),
      useLimit: z.number().int().min(1).nullable().default(null),
      /** The affiliate's user id: they may not use their own code. */
      ownerUserId: z.uuid().nullable().default(null),
    })
    .refine((r) => (r.percentOff === null) !== (r.amountOff === null), {
      message: 'Give exactly one of percentOff and amountOff.',
      path: ['percentOff'],
    })
    .refine((r) => r.amountOff === null || r.region !== null, {
      message: 'An amount off is in a region currency: give the region.',
      path: ['region'],
    }),
  response: commandAckSchema.extend({ code: z.string() }),
});

export const expirePromoCode = defineCall({
  route: post('expirePromoCode', '/api/staff/v1/promo-codes/expire'),
  state: built,
  kind: 'command',
  access: staffOnly,
  summary: 'End a promo code now; buyers get SUBSCRIPTIONS_EXPIRED_PROMOCODE.',
  request: z.object({ code: promoCodeSchema.transform((c) => c.toUpperCase()) }),
  response: commandAckSchema,
});
