import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { DomainError, STRIPE_WEBHOOK_PATH, userStreamId } from '@app/contracts';
import { CONFIG } from '@app/server-kit';
import { AggregateStore } from '../../infrastructure/aggregate-store';
import type { CommandServiceConfig } from '../../infrastructure/config';
import { type StartedCheckout, checkoutsAggregate } from '../checkouts.aggregate';

export type WebhookAnswer = { status: number; body: unknown };

/**
 * What Stripe does when a buyer pays or cancels on its hosted page, done locally: the event Stripe
 * would send, built from the checkout the platform started (stripe-mock keeps no sessions), signed
 * with STRIPE_WEBHOOK_SECRET as Stripe signs, and delivered to the platform's own webhook. Never in
 * production. The event ids follow the session, so paying twice is one event delivered twice.
 */
@Injectable()
export class TestCheckoutPayments {
  constructor(
    private readonly aggregates: AggregateStore,
    @Inject(CONFIG) private readonly config: CommandServiceConfig,
  ) {}

  /** The started checkout, or a 404 (always in production: buyers pay on Stripe's page there). */
  async find(userId: string, sessionId: string): Promise<StartedCheckout> {
    if (this.config.production) {
      throw new DomainError('NOT_FOUND', 'There is no test payment page in production.');
    }
    const { state } = await this.aggregates.load(userStreamId(userId), checkoutsAggregate);
    const checkout = state.sessions.get(sessionId);
    if (!checkout) throw new DomainError('NOT_FOUND', `No checkout ${sessionId} was started for this buyer.`);
    return checkout;
  }

  /** Delivers `checkout.session.completed` (pay) or `checkout.session.expired` (cancel), signed. */
  async deliver(checkout: StartedCheckout, outcome: 'paid' | 'cancelled'): Promise<WebhookAnswer> {
    const secret = this.config.stripeWebhookSecret;
    if (!secret) {
      throw new DomainError(
        'BILLING_NOT_CONFIGURED',
        'STRIPE_WEBHOOK_SECRET is not set: nothing can be signed.',
      );
    }
    const payload = JSON.stringify(stripeEvent(checkout, outcome, new Date()));
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const host = ['0.0.0.0', '::', ''].includes(this.config.host) ? '127.0.0.1' : this.config.host;
    const answer = await fetch(`http://${host}:${this.config.port}${STRIPE_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    return { status: answer.status, body: await answer.json().catch(() => null) };
  }
}

/** The Stripe event for a checkout paid or cancelled on the test page. */
export function stripeEvent(checkout: StartedCheckout, outcome: 'paid' | 'cancelled', now: Date) {
  const suffix = checkout.sessionId.replace(/^cs_(test_|live_)?/, '');
  const paid = outcome === 'paid';
  return {
    id: `evt_test_${paid ? 'paid' : 'cancelled'}_${suffix}`,
    object: 'event',
    type: paid ? 'checkout.session.completed' : 'checkout.session.expired',
    created: Math.floor(now.getTime() / 1000),
    livemode: false,
    data: {
      object: {
        id: checkout.sessionId,
        object: 'checkout.session',
        mode: 'payment',
        status: paid ? 'complete' : 'expired',
        client_reference_id: checkout.userId,
        payment_status: paid ? (checkout.amount > 0 ? 'paid' : 'no_payment_required') : 'unpaid',
        amount_total: checkout.amount,
        currency: checkout.currency,
        payment_intent: paid && checkout.amount > 0 ? `pi_test_${suffix}` : null,
        success_url: checkout.successUrl,
        cancel_url: checkout.cancelUrl,
        metadata: {
          products: checkout.products.join(','),
          priceVersion: String(checkout.priceVersion),
          offering: checkout.offering,
          affiliateCode: checkout.affiliateCode ?? '',
          promocode: checkout.promoCode ?? '',
          ...(checkout.licence ? { kind: 'licence', seats: String(checkout.licence.seats) } : {}),
        },
      },
    },
  };
}
