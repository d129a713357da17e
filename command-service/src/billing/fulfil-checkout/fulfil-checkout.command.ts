import type { PaidCheckout } from '../decide-billing';

/** A paid checkout session delivered by Stripe's webhook (`stripe:<event id>` correlates it). */
export class FulfilCheckoutCommand {
  constructor(
    readonly checkout: PaidCheckout,
    readonly paidAt: string,
    readonly correlationId: string,
  ) {}
}
