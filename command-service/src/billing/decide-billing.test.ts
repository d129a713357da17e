import { randomUUID } from 'node:crypto';
import type { StartedCheckout } from '../commerce/checkouts.aggregate';
import {
  activeSubscriptions,
  checkPaidAgainstStarted,
  decideCheckoutExpiry,
  decideFulfilment,
  decideRefund,
  readCheckout,
  readRefund,
} from './decide-billing';

const userId = randomUUID();
const paidAt = '2026-11-20T12:00:00.000Z';
const session = (overrides: Record<string, unknown> = {}) => ({
  id: 'cs_1',
  client_reference_id: userId,
  payment_status: 'paid',
  amount_total: 4900,
  currency: 'usd',
  payment_intent: 'pi_1',
  created: 1_548_374_400,
  metadata: {
    products: 'algoexpert, systemsexpert,algoexpert',
    affiliateCode: ' clem ',
    promocode: '',
    priceVersion: '3',
  },
  ...overrides,
});

describe('readCheckout', () => {
  it('reads the buyer, the products (trimmed, once each), the payment and the codes', () => {
    expect(readCheckout(session())).toEqual({
      kind: 'paid',
      priceVersion: 3,
      licence: null,
      // The session's creation, the date an affiliate's sale counts on: 2019-01-25.
      createdAt: '2019-01-25T00:00:00.000Z',
      checkout: {
        userId,
        purchaseId: 'cs_1',
        chargeId: 'pi_1',
        products: ['algoexpert', 'systemsexpert'],
        amount: 4900,
        currency: 'usd',
        affiliateCode: 'clem',
        promoCode: null,
      },
    });
  });

  it('uses the expanded payment intent, or the session when there is none (free checkouts)', () => {
    expect(readCheckout(session({ payment_intent: { id: 'pi_2' } }))).toMatchObject({
      checkout: { chargeId: 'pi_2' },
    });
    expect(
      readCheckout(session({ payment_intent: null, payment_status: 'no_payment_required', amount_total: 0 })),
    ).toMatchObject({ kind: 'paid', checkout: { chargeId: 'cs_1', amount: 0 } });
  });

  it('waits for unpaid sessions and refuses unusable ones', () => {
    expect(readCheckout(session({ payment_status: 'unpaid' }))).toEqual({ kind: 'unpaid' });
    expect(readCheckout(session({ client_reference_id: 'someone' }))).toMatchObject({ kind: 'invalid' });
    expect(readCheckout(session({ metadata: null }))).toEqual({
      kind: 'invalid',
      message: 'The checkout session has no products in metadata.products.',
    });
    expect(readCheckout(session({ metadata: { products: 'premium' } }))).toEqual({
      kind: 'invalid',
      message: 'The checkout session names unknown products: premium.',
    });
  });
});

describe('checkPaidAgainstStarted (given the checkout started, when a paid session arrives)', () => {
  const paid = (readCheckout(session()) as { checkout: Parameters<typeof checkPaidAgainstStarted>[1] })
    .checkout;
  const started: StartedCheckout = {
    userId,
    sessionId: 'cs_1',
    offering: 'double:algoexpert+systemsexpert',
    products: ['systemsexpert', 'algoexpert'],
    amount: 4900,
    currency: 'usd',
    priceVersion: 3,
    region: 'US',
    affiliateCode: 'clem',
    promoCode: null,
    checkoutUrl: 'http://localhost/checkout',
    successUrl: 'http://localhost/confirmation?purchase=cs_1',
    cancelUrl: 'http://localhost/purchase',
    expiresAt: '2026-11-20T12:30:00.000Z',
    status: 'open',
  };

  it('accepts the session it started, products in any order', () => {
    expect(checkPaidAgainstStarted(started, paid, 3)).toBeNull();
  });

  it.each([
    ['no checkout started', undefined, paid, 3, /No checkout cs_1 was started/],
    ['another buyer', { ...started, userId: randomUUID() }, paid, 3, /No checkout cs_1/],
    ['a tampered amount', started, { ...paid, amount: 100 }, 3, /amount 100 \(started: 4900\)/],
    ['another currency', started, { ...paid, currency: 'eur' }, 3, /currency eur/],
    ['other products', started, { ...paid, products: ['algoexpert' as const] }, 3, /products algoexpert \(/],
    ['a stale price version', started, paid, 2, /price version 2 \(started: 3\)/],
    ['no price version', started, paid, null, /price version none/],
  ])('refuses %s with BILLING_CHECKOUT_MISMATCH', (_, given, when, version, message) => {
    const refusal = checkPaidAgainstStarted(given, when, version);
    expect(refusal?.code).toBe('BILLING_CHECKOUT_MISMATCH');
    expect(refusal?.message).toMatch(message);
  });

  it('ends an open checkout once when its session expires', () => {
    const expired = { userId, sessionId: 'cs_1' };
    expect(decideCheckoutExpiry(started, expired)).toEqual([{ type: 'CheckoutExpired', data: expired }]);
    expect(decideCheckoutExpiry({ ...started, status: 'expired' }, expired)).toEqual([]);
    expect(decideCheckoutExpiry({ ...started, status: 'paid' }, expired)).toEqual([]);
    expect(decideCheckoutExpiry(undefined, expired)).toEqual([]);
  });
});

describe('readRefund', () => {
  it('finds the purchase by payment intent first, then by charge', () => {
    expect(readRefund({ id: 'ch_1', payment_intent: 'pi_1', amount_refunded: 100, refunded: false })).toEqual(
      {
        kind: 'refund',
        chargeIds: ['pi_1', 'ch_1'],
        amountRefunded: 100,
        full: false,
      },
    );
    expect(readRefund({ id: 'ch_1', amount_refunded: 'all' })).toMatchObject({ kind: 'invalid' });
  });
});

describe('decideFulfilment (given purchases, when a checkout is paid, then events)', () => {
  const checkout = (purchaseId: string, products: ('algoexpert' | 'allaccess' | 'mlexpert')[]) => ({
    userId,
    purchaseId,
    chargeId: `pi_${purchaseId}`,
    products,
    amount: 100,
    currency: 'usd',
    affiliateCode: null,
    promoCode: null,
  });

  it('starts a subscription per new product and none for one already active', () => {
    const earlier = [{ purchaseId: 'a', products: ['algoexpert'], amountRefunded: 0, fullyRefunded: false }];
    const { events, subscriptions } = decideFulfilment(
      earlier,
      checkout('b', ['algoexpert', 'mlexpert']),
      paidAt,
    );
    expect(events.map((e) => [e.type, 'product' in e.data ? e.data.product : null])).toEqual([
      ['PurchaseCompleted', null],
      ['SubscriptionActivated', 'mlexpert'],
    ]);
    expect(subscriptions).toEqual(['algoexpert', 'mlexpert']);
  });

  it('counts a fully refunded purchase as inactive', () => {
    const earlier = [{ purchaseId: 'a', products: ['algoexpert'], amountRefunded: 0, fullyRefunded: true }];
    const { events } = decideFulfilment(earlier, checkout('b', ['algoexpert']), paidAt);
    expect(events.map((e) => e.type)).toEqual(['PurchaseCompleted', 'SubscriptionActivated']);
  });
});

describe('decideRefund', () => {
  const purchases = [
    { purchaseId: 'a', products: ['algoexpert', 'systemsexpert'], amountRefunded: 0, fullyRefunded: false },
    { purchaseId: 'b', products: ['algoexpert'], amountRefunded: 0, fullyRefunded: false },
  ];
  const refunded = { purchaseId: 'a', chargeId: 'pi_a', userId };

  it('records a partial refund and ends nothing', () => {
    const { events, subscriptions } = decideRefund(purchases, refunded, { amountRefunded: 50, full: false });
    expect(events.map((e) => e.type)).toEqual(['PurchaseRefunded']);
    expect(subscriptions).toEqual(['algoexpert', 'systemsexpert']);
  });

  it('ends on a full refund what no other purchase covers', () => {
    const { events, subscriptions } = decideRefund(purchases, refunded, { amountRefunded: 100, full: true });
    expect(events.map((e) => [e.type, 'product' in e.data ? e.data.product : null])).toEqual([
      ['PurchaseRefunded', null],
      ['SubscriptionEnded', 'systemsexpert'],
    ]);
    expect(subscriptions).toEqual(['algoexpert']);
  });

  it('does nothing for a redelivered or older refund total', () => {
    expect(
      decideRefund(
        purchases.map((p) => (p.purchaseId === 'a' ? { ...p, amountRefunded: 50 } : p)),
        refunded,
        { amountRefunded: 50, full: false },
      ).events,
    ).toEqual([]);
    const done = purchases.map((p) => (p.purchaseId === 'a' ? { ...p, fullyRefunded: true } : p));
    expect(decideRefund(done, refunded, { amountRefunded: 100, full: true }).events).toEqual([]);
    expect(activeSubscriptions(done)).toEqual(['algoexpert']);
  });
});
