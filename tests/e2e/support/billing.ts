import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import Stripe from 'stripe';
import { E2E_STRIPE_WEBHOOK_SECRET } from './environment';

const id = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '')}`;

export type PaidCheckout = { sessionId: string; paymentIntent: string; createdAt: Date };

/**
 * Pays a checkout as Stripe reports it: a `checkout.session.completed` event for the user, signed
 * with the platform's webhook secret and delivered to its webhook, as Stripe's servers would.
 */
export async function payCheckout(
  request: APIRequestContext,
  userId: string,
  products: string[],
  amountCents: number,
): Promise<PaidCheckout> {
  const checkout = { sessionId: id('cs_test'), paymentIntent: id('pi'), createdAt: new Date() };
  const payload = JSON.stringify({
    id: id('evt'),
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(checkout.createdAt.getTime() / 1000),
    data: {
      object: {
        id: checkout.sessionId,
        object: 'checkout.session',
        client_reference_id: userId,
        payment_status: 'paid',
        amount_total: amountCents,
        currency: 'usd',
        payment_intent: checkout.paymentIntent,
        metadata: { products: products.join(',') },
      },
    },
  });
  const answer = await request.post('/api/subscriptions/v1/stripe/webhook', {
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: E2E_STRIPE_WEBHOOK_SECRET,
      }),
    },
    data: payload,
  });
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as { outcome: string }).outcome).toBe('fulfilled');
  return checkout;
}

/** The signed-in user's id, asked with their token as the page would. */
export async function userIdOf(request: APIRequestContext, token: string): Promise<string> {
  const info = await request.post('/api/users/v1/userinfo/get', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  expect(info.status()).toBe(200);
  return ((await info.json()) as { subject: string }).subject;
}
