import { z } from 'zod';
import { defineCall, looseObject, signedIn } from './define';
import { planned } from './build-state';
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

/** Tracking row of spec 3; counts-only rows (clicks, promo-code uses) carry zero amount and cut. */
export const trackingRowSchema = z.object({
  amount: centsSchema,
  products: z.array(productOrBundleSchema),
  timestamp: timestampSchema,
  cut: centsSchema,
  count: z.number().int().nonnegative(),
});
export type TrackingRow = z.infer<typeof trackingRowSchema>;

export const getAffiliateData = defineCall({
  route: routedPaths.getAffiliateData,
  state: planned('affiliates'),
  kind: 'query',
  access: signedIn,
  summary: "The signed-in user's affiliate data.",
  request: emptyRequest,
  response: affiliateInfoSchema,
});

/** lookback: how many days back from today; the unit is not given in the spec. */
export const getAffiliateTracking = defineCall({
  route: get('getAffiliateTracking', '/api/subscriptions/v1/affiliates/tracking'),
  state: planned('affiliates'),
  kind: 'query',
  access: signedIn,
  summary: "The affiliate's link clicks, promo-code applications and sales over the lookback window.",
  request: z.object({ lookback: z.coerce.number().int().min(1).max(3660).optional() }),
  response: z.object({
    clicks: z.array(trackingRowSchema),
    promocodeApplications: z.array(trackingRowSchema),
    sales: z.array(trackingRowSchema),
  }),
});

export const getAffiliateAccount = defineCall({
  route: post('getAffiliateAccount', '/api/subscriptions/v2/affiliate-account/get'),
  state: planned('affiliates'),
  kind: 'query',
  access: signedIn,
  summary: "The affiliate's account (payout details).",
  request: emptyRequest,
  /** The spec says only "returns the affiliate account"; its fields are not shown. */
  response: looseObject,
});

/** Months at or before the last paid month show as Sent. */
export const getLastAffiliatePayout = defineCall({
  route: get('getLastAffiliatePayout', '/api/subscriptions/v2/affiliate_payouts/last'),
  state: planned('affiliates'),
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
