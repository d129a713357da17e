import { randomUUID } from 'node:crypto';

/** A Stripe event as the webhook receives it (the part the platform reads). */
export type StripeEventBody = {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
};

/**
 * `charge.refunded` for a payment intent, as Stripe sends it: `amount_refunded` is the running total
 * and `refunded` says whether the whole charge is refunded now.
 */
export function chargeRefunded(
  paymentIntent: string,
  amountRefunded: number,
  full: boolean,
): StripeEventBody {
  return {
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    type: 'charge.refunded',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `ch_${randomUUID().replaceAll('-', '')}`,
        object: 'charge',
        payment_intent: paymentIntent,
        amount_refunded: amountRefunded,
        refunded: full,
      },
    },
  };
}
