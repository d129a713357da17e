/* Affiliates (spec 5, 9). */

/** Query parameters carrying the affiliate code and the promo code. */
export const AFFILIATE_CODE_QUERY_PARAM = 'r';
export const PROMO_CODE_QUERY_PARAM = 'a';
/** Affiliate attribution lasts 30 days after it is saved. */
export const AFFILIATE_ATTRIBUTION_WINDOW_MS = 2_592_000_000;
/** Processing fee taken off each sale before the affiliate's cut: 2.9 % plus 0.30 currency units. */
export const PAYMENT_FEE_PERCENT = 2.9;
export const PAYMENT_FEE_FLAT = 0.3;
/** Sales before this UTC day are ignored in earnings. */
export const AFFILIATE_EARNINGS_START_DATE = '2019-01-25';
/** Month index 0 of the earnings reduction rule is January 2019. */
export const AFFILIATE_MONTH_INDEX_EPOCH = '2019-01';
export const affiliatePayoutStatuses = ['—', 'In Progress', 'Sent'] as const;
export type AffiliatePayoutStatus = (typeof affiliatePayoutStatuses)[number];
