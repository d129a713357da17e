import { z } from 'zod';
import { defineEvent } from './define';
import { affiliateCodeSchema } from '../rules/affiliates';
import { ALL_ACCESS, productIds } from '../constants';
import { LEGACY_USD_RATES, toUsdCents } from '../rules/pricing';

/**
 * v1 stored only the code. v2 adds the landing path, unknown for old clicks (null).
 * Kept as the worked example of upcasting (see contracts/README.md).
 */
export const AffiliateLinkClickedV1 = defineEvent({
  type: 'AffiliateLinkClicked',
  version: 1,
  schema: z.object({ affiliateCode: affiliateCodeSchema }),
});

export const AffiliateLinkClickedV2 = defineEvent({
  type: 'AffiliateLinkClicked',
  version: 2,
  schema: z.object({ affiliateCode: affiliateCodeSchema, landingPath: z.string().max(2000).nullable() }),
  upcastFromPrevious: (previous) => {
    const v1 = AffiliateLinkClickedV1.schema.parse(previous);
    return { affiliateCode: v1.affiliateCode, landingPath: null };
  },
});
export type AffiliateLinkClicked = z.infer<typeof AffiliateLinkClickedV2.schema>;

/*
 * Affiliate accounts (issue 18): one stream per affiliate, `affiliateAccount-<id>` (kept apart from
 * the click streams `affiliate-<code>`). Enrolment, expiry, the sales attributed to the affiliate
 * (and their refunds) and the payouts sent are all facts of that stream.
 */
export const affiliateAccountStreamId = (affiliateId: string): string => `affiliateAccount-${affiliateId}`;

const affiliateId = z.uuid();
const saleProduct = z.enum([...productIds, ALL_ACCESS]);
const yearMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is YYYY-MM.');

/** Staff enrolled an affiliate: the account that signs in with `email` is the affiliate. */
export const AffiliateEnrolledV1 = defineEvent({
  type: 'AffiliateEnrolled',
  version: 1,
  schema: z.object({
    affiliateId,
    alias: affiliateCodeSchema,
    email: z.string().min(3).max(320),
    /** Exactly one of the two: a flat number of cents per sale, or a percentage after the fee. */
    cutFlat: z.number().int().min(0).nullable(),
    cutPerc: z.number().min(0).max(100).nullable(),
    /** Upper case, as promo codes are stored. */
    promocode: z.string().min(1).max(64),
  }),
});

/** Staff ended an affiliate: later sales earn them nothing. */
export const AffiliateExpiredV1 = defineEvent({
  type: 'AffiliateExpired',
  version: 1,
  schema: z.object({ affiliateId }),
});

/** A paid checkout attributed to the affiliate (its `r` code, or the affiliate's own promo code). */
export const AffiliateSaleRecordedV1 = defineEvent({
  type: 'AffiliateSaleRecorded',
  version: 1,
  schema: z.object({
    affiliateId,
    purchaseId: z.string().min(1).max(255),
    /** Cents the buyer paid, in `currency`. */
    amount: z.number().int().min(0),
    currency: z.string().regex(/^[a-z]{3}$/),
    products: z.array(saleProduct),
    /** The paid checkout session's creation (Stripe's `created`): the sale's date for earnings. */
    soldAt: z.iso.datetime({ offset: true }),
    /** How the sale was attributed: the saved link code or the affiliate's promo code. */
    via: z.enum(['link', 'promocode']),
  }),
});

/**
 * v2 adds the sale's value in US cents, converted when it was attributed at the rate of the price list
 * it was priced with: affiliates earn in dollars whatever the buyer paid in. A v1 fact is converted at
 * the legacy rates (LEGACY_USD_RATES), the only ones in force while v1 facts were written.
 */
export const AffiliateSaleRecordedV2 = defineEvent({
  type: 'AffiliateSaleRecorded',
  version: 2,
  schema: AffiliateSaleRecordedV1.schema.extend({
    /** `amount` in US cents (equal to it for a sale in dollars). */
    usdAmount: z.number().int().min(0),
  }),
  upcastFromPrevious: (previous) => {
    const v1 = AffiliateSaleRecordedV1.schema.parse(previous);
    return { ...v1, usdAmount: toUsdCents(v1.amount, LEGACY_USD_RATES[v1.currency] ?? '1') };
  },
});

/** A refund of an attributed sale: `amountRefunded` is the running total, as the provider reports it. */
export const AffiliateSaleRefundedV1 = defineEvent({
  type: 'AffiliateSaleRefunded',
  version: 1,
  schema: z.object({
    affiliateId,
    purchaseId: z.string().min(1).max(255),
    amountRefunded: z.number().int().min(0),
    full: z.boolean(),
  }),
});

/** The affiliate was paid for one month (at most once per month). */
export const AffiliatePayoutSentV1 = defineEvent({
  type: 'AffiliatePayoutSent',
  version: 1,
  schema: z.object({
    affiliateId,
    month: yearMonth,
    /** The month's earnings in cents when it was paid (contracts' affiliateMonthlyEarnings). */
    amount: z.number().int().min(0),
    sentAt: z.iso.datetime({ offset: true }),
  }),
});

export type AffiliateEnrolled = z.infer<typeof AffiliateEnrolledV1.schema>;
export type AffiliateSaleRecorded = z.infer<typeof AffiliateSaleRecordedV2.schema>;
export type AffiliatePayoutSent = z.infer<typeof AffiliatePayoutSentV1.schema>;

/** A partner's stream: staff assign the group of affiliate codes one partner (an account's email) owns. */
export const affiliatePartnerStreamId = (partnerId: string): string => `affiliatePartner-${partnerId}`;

/** Staff assigned a partner (the account signing in with `email`) its group of affiliates; the latest wins. */
export const PartnerGroupAssignedV1 = defineEvent({
  type: 'PartnerGroupAssigned',
  version: 1,
  schema: z.object({
    partnerId: z.uuid(),
    email: z.string().min(3).max(320),
    affiliateIds: z.array(affiliateId).min(1).max(100),
  }),
});
