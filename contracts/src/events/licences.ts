import { z } from 'zod';
import { defineEvent } from './define';
import { ALL_ACCESS, productIds } from '../constants';

/*
 * Team licence facts. Everything about one holder's licence (seats bought, keys, redemptions) is on
 * one stream, `licences-<holderId>`: every decision on unused seats and key uses is then taken on the
 * whole state, appended with the revision it was read at, so concurrent commands cannot overdraw.
 */

export const licenceStreamId = (holderId: string) => `licences-${holderId}`;

const holderId = z.uuid();
const product = z.enum([...productIds, ALL_ACCESS]);
const keyCode = z.string().min(1).max(100);
const at = z.iso.datetime({ offset: true });

/** A paid licence checkout: `seats` seats of each product, valid until `expiresAt` (a licence year). */
export const LicenceSeatsAddedV1 = defineEvent({
  type: 'LicenceSeatsAdded',
  version: 1,
  schema: z.object({
    holderId,
    /** The paid checkout session. */
    purchaseId: z.string().min(1).max(255),
    products: z.array(product).min(1),
    seats: z.number().int().min(1),
    isEnterprise: z.boolean(),
    expiresAt: at,
  }),
});

/** A key drawing `count` seats of `product` (its maximum uses). */
export const LicenceKeyCreatedV1 = defineEvent({
  type: 'LicenceKeyCreated',
  version: 1,
  schema: z.object({
    holderId,
    code: keyCode,
    name: z.string().min(1).max(100),
    count: z.number().int().min(1),
    product,
    allowedProducts: z.array(product).min(1),
    isEnterprise: z.boolean(),
  }),
});

export const LicenceKeyEditedV1 = defineEvent({
  type: 'LicenceKeyEdited',
  version: 1,
  schema: z.object({
    holderId,
    code: keyCode,
    name: z.string().min(1).max(100),
    count: z.number().int().min(1),
  }),
});

/** The key admits no more redemptions; its unredeemed seats return, granted access stays. */
export const LicenceKeyDeletedV1 = defineEvent({
  type: 'LicenceKeyDeleted',
  version: 1,
  schema: z.object({ holderId, code: keyCode }),
});

/** A learner redeemed a key: they own `products` until `expiresAt` (the licence's expiry). */
export const LicenceKeyAppliedV1 = defineEvent({
  type: 'LicenceKeyApplied',
  version: 1,
  schema: z.object({
    holderId,
    code: keyCode,
    userId: z.uuid(),
    products: z.array(product).min(1),
    expiresAt: at,
  }),
});

/**
 * A licence purchase was refunded in full: its seats leave the licence, the unused ones first, then
 * unredeemed uses of its keys (the newest key first). Redemptions already made keep their access.
 */
export const LicenceSeatsWithdrawnV1 = defineEvent({
  type: 'LicenceSeatsWithdrawn',
  version: 1,
  schema: z.object({
    holderId,
    /** The refunded checkout session (the purchase that added the seats). */
    purchaseId: z.string().min(1).max(255),
    products: z.array(product).min(1),
    seats: z.number().int().min(1),
  }),
});

export type LicenceSeatsAdded = z.infer<typeof LicenceSeatsAddedV1.schema>;
export type LicenceKeyCreated = z.infer<typeof LicenceKeyCreatedV1.schema>;
export type LicenceKeyEdited = z.infer<typeof LicenceKeyEditedV1.schema>;
export type LicenceKeyDeleted = z.infer<typeof LicenceKeyDeletedV1.schema>;
export type LicenceKeyApplied = z.infer<typeof LicenceKeyAppliedV1.schema>;
export type LicenceSeatsWithdrawn = z.infer<typeof LicenceSeatsWithdrawnV1.schema>;
