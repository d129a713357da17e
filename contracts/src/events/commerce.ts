import { z } from 'zod';
import { defineEvent } from './define';
import { priceListSchema } from '../rules/pricing';

/*
 * Commerce facts: the price list's versions (stream `price-list`) and promo codes (one stream per
 * code, `promo-code-<CODE>`). Purchases themselves are billing events (./billing.ts).
 */

export const PRICE_LIST_STREAM = 'price-list';
/** Codes are upper case (normalizePromoCode), so a stream per code is unique regardless of case. */
export const promoCodeStreamId = (code: string): string => `promo-code-${code}`;

/** A new version of the price list: at start when the content's version is newer, or by staff. */
export const PriceListPublishedV1 = defineEvent({
  type: 'PriceListPublished',
  version: 1,
  schema: z.object({ version: z.number().int().min(1), list: priceListSchema }),
});

const code = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Z0-9_-]+$/);
const regionCode = z.string().regex(/^[A-Z]{2}$/);

/** Staff created a promo code: a percentage or an amount (cents of its region's currency) off. */
export const PromoCodeCreatedV1 = defineEvent({
  type: 'PromoCodeCreated',
  version: 1,
  schema: z.object({
    code,
    percentOff: z.number().int().min(1).max(100).nullable(),
    amountOff: z.number().int().min(1).nullable(),
    region: regionCode.nullable(),
    expiresAt: z.iso.datetime({ offset: true }).nullable(),
    useLimit: z.number().int().min(1).nullable(),
    /** The affiliate (a user id) who owns the code and may not use it; null for the house's codes. */
    ownerUserId: z.uuid().nullable(),
  }),
});

/** Staff ended a promo code before its expiry. */
export const PromoCodeExpiredV1 = defineEvent({
  type: 'PromoCodeExpired',
  version: 1,
  schema: z.object({ code }),
});

/** A paid purchase used the code (appended by fulfilment to the code's stream): counts toward its use limit. */
export const PromoCodeRedeemedV1 = defineEvent({
  type: 'PromoCodeRedeemed',
  version: 1,
  schema: z.object({ code, userId: z.uuid(), purchaseId: z.string().min(1).max(255) }),
});

export type PriceListPublished = z.infer<typeof PriceListPublishedV1.schema>;
export type PromoCodeCreated = z.infer<typeof PromoCodeCreatedV1.schema>;
export type PromoCodeExpired = z.infer<typeof PromoCodeExpiredV1.schema>;
export type PromoCodeRedeemed = z.infer<typeof PromoCodeRedeemedV1.schema>;
