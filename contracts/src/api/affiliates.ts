import { z } from 'zod';
import { commandAckSchema, defineCall, signedIn, staffOnly } from './define';
import { built } from './build-state';
import { affiliatePayoutStatuses } from '../constants/affiliates';
import { affiliateCodeSchema } from '../rules/affiliates';
import { promoCodeSchema } from './billing';
import { get, post } from './call-path';
import * as routedPaths from './routed-call-paths';
import { centsSchema, emptyRequest, idSchema, productOrBundleSchema, timestampSchema } from './common';

/* Spec 7, Affiliates. trackAffiliateClick is in spine.ts. */

/** Affiliate info of spec 3; isAffiliate is false (other fields null) for users who are not affiliates. */
export const affiliateInfoSchema = z.object({
  isAffiliate: z.boolean(),
  id: idSchema.nullable(),
  alias: z.string().nullable(),
  email: z.string().nullable(),
  /** Flat cut per sale in cents. */
  cutFlat: centsSchema.nullable(),
  /** Percentage cut of the sale after the processing fee. */
  cutPerc: z.number().min(0).max(100).nullable(),
  createdAt: timestampSchema.nullable(),
  isExpired: z.boolean(),
  promocode: z.string().nullable(),
});
export type AffiliateInfo = z.infer<typeof affiliateInfoSchema>;

/** A month of the affiliate's earnings (issue 18): the read model's row, see affiliateMonthlyEarnings. */
export const affiliateMonthSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  monthIndex: z.number().int(),
  sales: z.number().int().nonnegative(),
  grossCents: centsSchema,
  feeCents: centsSchema,
  reductionCents: centsSchema,
  earningsCents: centsSchema,
  status: z.enum(affiliatePayoutStatuses),
});
export type AffiliateMonthRow = z.infer<typeof affiliateMonthSchema>;

/** The affiliate data: the info of spec 3 and every month from the first sale, oldest first. */
export const affiliateDataSchema = affiliateInfoSchema.extend({ months: z.array(affiliateMonthSchema) });
export type AffiliateData = z.infer<typeof affiliateDataSchema>;

/** Tracking row of spec 3; counts-only rows (clicks, promo-code uses) carry zero amount and cut. */
export const trackingRowSchema = z.object({
  amount: centsSchema,
  products: z.array(productOrBundleSchema),
  timestamp: timestampSchema,
  cut: centsSchema,
  count: z.number().int().nonnegative(),
});
export type TrackingRow = z.infer<typeof trackingRowSchema>;

/**
 * One UTC day of an affiliate's tracking: link clicks, promo-code applications (paid uses of the
 * affiliate's promo code), sales per product (`bundle`: a sale of more than one product; a sale
 * without products counts as algoexpert), what they came to after refunds and the affiliate's cut,
 * both in US cents (a sale in another currency counts at its dollar value when it was attributed).
 */
export const trackingDaySchema = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  clicks: z.number().int().nonnegative(),
  promocodeApplications: z.number().int().nonnegative(),
  sales: z.object({
    algoexpert: z.number().int().nonnegative(),
    systemsexpert: z.number().int().nonnegative(),
    mlexpert: z.number().int().nonnegative(),
    bundle: z.number().int().nonnegative(),
    /** A single product the spec's columns do not name (frontendexpert, ...). */
    other: z.number().int().nonnegative(),
  }),
  amount: centsSchema,
  cut: centsSchema,
});
export type TrackingDay = z.infer<typeof trackingDaySchema>;

/** Days back from today (UTC), today included. */
export const lookbackSchema = z.coerce
  .number()
  .int('The lookback is a whole number of days.')
  .min(1, 'The lookback is 1 to 366 days.')
  .max(366, 'The lookback is 1 to 366 days.')
  .default(30);

export const getAffiliateData = defineCall({
  route: routedPaths.getAffiliateData,
  state: built,
  kind: 'query',
  access: signedIn,
  summary: "The signed-in user's affiliate info and monthly earnings.",
  request: emptyRequest,
  response: affiliateDataSchema,
});

export const getAffiliateTracking = defineCall({
  route: get('getAffiliateTracking', '/api/subscriptions/v1/affiliates/tracking'),
  state: built,
  kind: 'query',
  access: signedIn,
  summary: "The affiliate's link clicks, promo-code applications and sales per UTC day over the lookback.",
  request: z.object({ lookback: lookbackSchema }),
  response: z.object({ lookback: z.number().int(), days: z.array(trackingDaySchema) }),
});

export const getAffiliateAccount = defineCall({
  route: post('getAffiliateAccount', '/api/subscriptions/v2/affiliate-account/get'),
  state: built,
  kind: 'query',
  access: signedIn,
  summary: "The signed-in user's affiliate account (isAffiliate false for anyone else).",
  request: emptyRequest,
  response: affiliateInfoSchema,
});

/** Months at or before the last paid month show as Sent. */
export const getLastAffiliatePayout = defineCall({
  route: get('getLastAffiliatePayout', '/api/subscriptions/v2/affiliate_payouts/last'),
  state: built,
  kind: 'query',
  access: signedIn,
  summary: 'The last payout sent to the affiliate, if any.',
  request: emptyRequest,
  response: z.object({
    lastPayout: z
      .object({
        /** The month paid for, YYYY-MM. */
        month: z.string().regex(/^\d{4}-\d{2}$/),
        amount: centsSchema,
        sentAt: timestampSchema,
      })
      .nullable(),
  }),
});

/* Staff: enrolment, expiry and payouts (commands), and the list (a query). */

const affiliateIdParams = z.object({ affiliateId: z.uuid('The affiliate id is a UUID.') });

export const enrolAffiliate = defineCall({
  route: post('enrolAffiliate', '/api/staff/v1/affiliates'),
  state: built,
  kind: 'command',
  access: staffOnly,
  summary:
    'Enrol an affiliate: alias (their link code), email (their account), a flat or percentage cut, promo code.',
  request: z
    .object({
      alias: affiliateCodeSchema,
      email: z.email('The email is not an email address.').max(320),
      cutFlat: z.number().int().min(0).nullable().default(null),
      cutPerc: z.number().min(0).max(100).nullable().default(null),
      promocode: promoCodeSchema.transform((c) => c.toUpperCase()),
    })
    .refine((r) => (r.cutFlat === null) !== (r.cutPerc === null), {
      message: 'Give exactly one of cutFlat and cutPerc.',
      path: ['cutPerc'],
    }),
  response: commandAckSchema.extend({ affiliateId: z.uuid() }),
});

export const expireAffiliate = defineCall({
  route: post('expireAffiliate', '/api/staff/v1/affiliates/{affiliateId}/expire'),
  state: built,
  kind: 'command',
  access: staffOnly,
  params: affiliateIdParams,
  summary: 'End an affiliate: sales after this earn them nothing.',
  request: emptyRequest,
  response: commandAckSchema,
});

export const sendAffiliatePayout = defineCall({
  route: post('sendAffiliatePayout', '/api/staff/v1/affiliates/{affiliateId}/payouts'),
  state: built,
  kind: 'command',
  access: staffOnly,
  params: affiliateIdParams,
  summary: 'Record the payout of an ended month (idempotent per affiliate and month).',
  request: z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'The month is YYYY-MM.') }),
  response: commandAckSchema.extend({ month: z.string(), amount: centsSchema, alreadySent: z.boolean() }),
});

export const listAffiliates = defineCall({
  route: get('listAffiliates', '/api/staff/v1/affiliates'),
  state: built,
  kind: 'query',
  access: staffOnly,
  summary: 'Every enrolled affiliate, newest first.',
  request: emptyRequest,
  response: z.object({ affiliates: z.array(affiliateInfoSchema) }),
});

/* Partners (issue 18): a partner owns a staff-assigned group of affiliate codes. */

export const assignPartnerGroup = defineCall({
  route: post('assignPartnerGroup', '/api/staff/v1/partners'),
  state: built,
  kind: 'command',
  access: staffOnly,
  summary:
    'Give a partner (the account with this email) its group of affiliate codes; the latest group wins.',
  request: z.object({
    email: z.email('The email is not an email address.').max(320),
    affiliateIds: z.array(z.uuid('An affiliate id is a UUID.')).min(1).max(100),
  }),
  response: commandAckSchema.extend({ partnerId: z.uuid() }),
});

/** One of the partner's codes: its affiliate and months. */
export const partnerCodeSchema = affiliateDataSchema.pick({
  id: true,
  alias: true,
  promocode: true,
  isExpired: true,
  months: true,
});

/** A month summed over the partner's codes. */
export const partnerMonthSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  sales: z.number().int().nonnegative(),
  grossCents: centsSchema,
  earningsCents: centsSchema,
});

export const getPartnerDashboard = defineCall({
  route: get('getPartnerDashboard', '/api/subscriptions/v1/partners/dashboard'),
  state: built,
  kind: 'query',
  access: signedIn,
  summary: "The signed-in partner's codes with their months, and the months summed over them.",
  request: emptyRequest,
  response: z.object({
    isPartner: z.boolean(),
    codes: z.array(partnerCodeSchema),
    months: z.array(partnerMonthSchema),
  }),
});
export type PartnerDashboard = z.infer<typeof getPartnerDashboard.response>;
