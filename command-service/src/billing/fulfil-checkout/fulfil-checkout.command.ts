import type { PaidCheckout } from '../decide-billing';

/** A paid checkout session delivered by Stripe's webhook (`stripe:<event id>` correlates it). */
export class FulfilCheckoutCommand {
  constructor(
    readonly checkout: PaidCheckout,
    /** The price list version of the session's metadata (checked against the checkout started). */
    readonly priceVersion: number | null,
    readonly paidAt: string,
    readonly correlationId: string,
    /** Team licence seats (metadata `kind: 'licence'`); null for a personal purchase. */
    readonly licence: { seats: number } | null = null,
    /** The session's creation (ISO): the date an affiliate's sale counts on. */
    readonly soldAt: string = paidAt,
  ) {}
}
