import { z } from 'zod';

/** Error codes of spec section 8 (run errors, promo codes) plus the platform's own. */
export const runErrorCodes = [
  'RCE_TIMEOUT',
  'RCE_OUT_OF_RESOURCES',
  'RCE_RATE_LIMITED',
  'RCE_INPUTS_INVALID',
  'RCE_OUTPUT_TOO_LARGE',
  'PROBLEMS_VERSION_MISMATCH',
] as const;

export const promoCodeErrorCodes = [
  'SUBSCRIPTIONS_BAD_PROMOCODE',
  'SUBSCRIPTIONS_EXPIRED_PROMOCODE',
  'SUBSCRIPTIONS_OWN_PROMOCODE',
  'SUBSCRIPTIONS_PROMOCODE_FAILED',
] as const;

export const platformErrorCodes = [
  /** The request body, query or path does not match the call's schema. */
  'VALIDATION_FAILED',
  /** The deployment's content folder holds an item that cannot be published (named in the message). */
  'CONTENT_INVALID',
  /** The body is not parseable (bad JSON) or too large. */
  'MALFORMED_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHENTICATED',
  /** The bearer token is not one this platform issued, or is a default token shorter than 50 characters. */
  'INVALID_TOKEN',
  /** The session behind the token has expired (13 days) or was revoked. */
  'TOKEN_EXPIRED',
  /** The session behind the token was ended by its own logout (in another tab of the same browser). */
  'SIGNED_OUT',
  'FORBIDDEN',
  /** The caller does not own the product the call belongs to. */
  'PRODUCT_NOT_OWNED',
  /** The username is held by another account. */
  'USERNAME_TAKEN',
  /** The sign-in provider is known but not configured on this deployment. */
  'PROVIDER_UNAVAILABLE',
  /** The OAuth state is missing, unknown, expired, used already or not this browser's. */
  'OAUTH_BAD_STATE',
  /** The provider refused the code exchange (bad or reused code) or the profile fetch. */
  'OAUTH_EXCHANGE_FAILED',
  /** The provider answered the callback with an error (the user declined, for example). */
  'OAUTH_PROVIDER_ERROR',
  /** The redirect is not on an allowed origin. */
  'INVALID_REDIRECT',
  /** Too many attempts from one address; try again later. */
  'RATE_LIMITED',
  /** The account was wiped. */
  'ACCOUNT_WIPED',
  /** generate_certificate: the learner has not completed what the certificate requires yet. */
  'CERTIFICATE_NOT_EARNED',
  /** The language's toolchain is not installed on this deployment (see the languages call). */
  'LANGUAGE_UNAVAILABLE',
  /** Every code runner is busy and the queue is full; try again in a few seconds. */
  'RCE_BUSY',
  /** Quick test: the input or an output is longer than 50,000 characters (spec 5). */
  'OUTPUT_TOO_BIG',
  /** user-data/set: the set, or the stored document after merging it, is over its size limit. */
  'USER_DATA_TOO_LARGE',
  /** Payment webhook: the Stripe-Signature header is missing, stale or does not match the body. */
  'BILLING_BAD_SIGNATURE',
  /** Payment webhook: a paid checkout lacks what fulfilment needs (buyer, products) or names unknown products. */
  'BILLING_BAD_CHECKOUT',
  /** Payments are not set up on this deployment (no webhook secret). */
  'BILLING_NOT_CONFIGURED',
  /** Payment webhook: the paid session does not match a checkout the platform started (amount, products, price version). */
  'BILLING_CHECKOUT_MISMATCH',
  /** Shared solutions: only a learner with a CORRECT submission of the question may share one. */
  'COMMUNITY_SOLVE_FIRST',
  /** Pricing region: the region asked for has no prices in the current price list. */
  'PRICING_REGION_UNKNOWN',
  /** Purchase: no offering of that key in the current price list. */
  'CHECKOUT_UNKNOWN_OFFERING',
  /** Purchase: the prices shown (paymentToken) are not the current price list's; reload the offerings. */
  'CHECKOUT_STALE_PRICES',
  /** Purchase: the buyer owns every product of the offering already. */
  'CHECKOUT_ALREADY_OWNED',
  /** Purchase: a checkout of one of these products is open (unpaid, not expired) already. */
  'CHECKOUT_IN_PROGRESS',
  /** Purchase: Stripe's API could not be reached or refused the checkout session; nothing was started. */
  'CHECKOUT_PROVIDER_FAILED',
  /** Licences: no live key of that code (never created, or deleted). */
  'LICENCE_KEY_UNKNOWN',
  /** Licences: the key's product is not one the holder has seats of. */
  'LICENCE_PRODUCT_NOT_LICENSED',
  /** Licences: a key would take more seats than are unused. */
  'LICENCE_NOT_ENOUGH_SEATS',
  /** Licences: the key's maximum uses would drop below the redemptions already made. */
  'LICENCE_COUNT_BELOW_REDEMPTIONS',
  /** Licences: the key has been redeemed as many times as it allows. */
  'LICENCE_KEY_EXHAUSTED',
  /** Licences: this learner redeemed this key already. */
  'LICENCE_KEY_ALREADY_APPLIED',
  /** Licences: the licence year of the key's seats is over. */
  'LICENCE_EXPIRED',
  /** Analytics: the SQL is not one SELECT (several statements, a write, DDL, SET, COPY) or does not parse. */
  'ANALYTICS_QUERY_REFUSED',
  /** Analytics: PostgreSQL refused or failed the query (no such view, permission denied, bad cast, ...). */
  'ANALYTICS_QUERY_FAILED',
  /** Analytics: the query ran past the statement limit (10 s) and was stopped. */
  'ANALYTICS_QUERY_TIMEOUT',
  /** Analytics: the analyst cancelled the query. */
  'ANALYTICS_QUERY_CANCELLED',
  /** Analytics: the analysts' queries running now fill every slot; try again in a moment. */
  'ANALYTICS_BUSY',
  /** Affiliates: another affiliate has this alias already (regardless of case). */
  'AFFILIATE_ALIAS_TAKEN',
  /** Affiliates: another affiliate has this promo code already. */
  'AFFILIATE_PROMOCODE_TAKEN',
  /** Affiliates: no affiliate has this id. */
  'AFFILIATE_NOT_FOUND',
  /** Affiliate payouts: the month has not ended yet (payouts are for past months). */
  'AFFILIATE_MONTH_NOT_ENDED',
  /** Assessments: another assessment is running; finish or abandon it first. */
  'ASSESSMENT_IN_PROGRESS',
  /** Assessments: no assessment is running (nothing to abandon). */
  'ASSESSMENT_NOT_RUNNING',
  /** Two read-model snapshots are being built already: try again when one is ready. */
  'SNAPSHOT_BUSY',
  'NOT_FOUND',
  /** The path exists but answers another HTTP method. */
  'METHOD_NOT_ALLOWED',
  /** The call is part of the contract but its handler is not built yet. */
  'NOT_IMPLEMENTED',
  /** An append's expected stream state did not hold. */
  'WRONG_EXPECTED_VERSION',
  /** The event id is already stored with different content or in another stream. */
  'DUPLICATE_EVENT_ID',
  'UNKNOWN_EVENT_TYPE',
  'INVALID_EVENT_DATA',
  'EVENT_TOO_LARGE',
  /** `X-Min-Position` was not reached by the read models within the wait limit. */
  'READ_MODEL_NOT_CAUGHT_UP',
  'INVALID_POSITION',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;

export const errorCodes = [...platformErrorCodes, ...runErrorCodes, ...promoCodeErrorCodes] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** Body of every error answer: a machine-readable code and a human message. */
export const apiErrorSchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  /** Field-level problems for VALIDATION_FAILED. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * A refusal the domain decides: a machine-readable code and a human message (with field issues for
 * VALIDATION_FAILED). Domain code throws or returns these; the HTTP edge alone knows their status.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ApiError['issues'],
  ) {
    super(message);
    this.name = 'DomainError';
  }

  toBody(): ApiError {
    return { code: this.code, message: this.message, ...(this.issues ? { issues: this.issues } : {}) };
  }
}

/** A VALIDATION_FAILED refusal about one field: "The request is not valid: <path>: <message>". */
export function invalidField(path: string, message: string): DomainError {
  return new DomainError('VALIDATION_FAILED', `The request is not valid: ${path}: ${message}`, [
    { path, message },
  ]);
}
