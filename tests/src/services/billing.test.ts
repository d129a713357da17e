import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { userStreamId } from '@app/contracts';
import { PgEventStore } from '@app/server-kit';
import { type Platform, STAFF_TOKEN, call, startPlatform } from './platform-harness';
import { signInFake } from './identity-support';
import { fixtureContent } from './content-support';
import { type StripeEventBody, chargeRefunded } from './stripe-support';

/*
 * Purchases through Stripe's webhook, end to end through the gateway: signatures checked on the raw
 * body, each checkout fulfilled once however it is redelivered, refunds ending subscriptions, and
 * the buyer's startup calls (subscriptions, charges) and product access following.
 */

const secret = `whsec_${randomUUID().replaceAll('-', '')}`;
/** One locked algorithms question: what a purchase of algoexpert unlocks. */
const LOCKED = 'pair-with-sum';
const content = fixtureContent([LOCKED, 'mirror-tree'], { free: ['mirror-tree'] });
let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform({
    env: { STRIPE_WEBHOOK_SECRET: secret, PUBLISH_CONTENT: 'true', CONTENT_DIR: content.dir },
  });
}, 120_000);
afterAll(async () => {
  await platform?.close();
  content.remove();
});

const WEBHOOK = '/api/subscriptions/v1/stripe/webhook';
let counter = 0;

function checkoutEvent(
  userId: string,
  products: string,
  overrides: Record<string, unknown> = {},
  type = 'checkout.session.completed',
): StripeEventBody {
  counter += 1;
  return {
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    type,
    created: Math.floor(Date.parse('2026-11-20T12:00:00Z') / 1000) + counter,
    data: {
      object: {
        id: `cs_test_${randomUUID().replaceAll('-', '')}`,
        object: 'checkout.session',
        client_reference_id: userId,
        payment_status: 'paid',
        amount_total: 9900,
        currency: 'usd',
        payment_intent: `pi_${randomUUID().replaceAll('-', '')}`,
        metadata: { products, affiliateCode: 'clem', promocode: '', priceVersion: '1' },
        ...overrides,
      },
    },
  };
}

/**
 * Given: the platform started the checkout a `checkout.session.*` event names (its CheckoutStarted, as
 * purchase-offering appends it; purchase-offering.test.ts buys through the call itself). The webhook
 * fulfils only sessions it started.
 */
const started = new Map<string, Promise<void>>();
/** A session never started by the platform: its deliveries append no CheckoutStarted. */
const markNeverStarted = (sessionId: string) => started.set(sessionId, Promise.resolve());
/**
 * Appends the session's CheckoutStarted once; concurrent deliveries of one session all wait for that
 * append, so none reaches the webhook before the checkout is started.
 */
function givenCheckoutStarted(event: StripeEventBody): Promise<void> {
  const sessionId = String(event.data.object.id);
  if (!started.has(sessionId)) started.set(sessionId, appendCheckoutStarted(event));
  return started.get(sessionId)!;
}

async function appendCheckoutStarted(event: StripeEventBody): Promise<void> {
  const session = event.data.object;
  if (!event.type.startsWith('checkout.session.')) return;
  if (typeof session.client_reference_id !== 'string') return;
  const known = ['algoexpert', 'systemsexpert', 'mlexpert', 'frontendexpert', 'infraexpert', 'allaccess'];
  const named = String((session.metadata as Record<string, string>).products).split(',');
  if (!named.every((p) => known.includes(p))) return;
  const metadata = session.metadata as Record<string, string>;
  const userId = String(session.client_reference_id);
  await new PgEventStore(platform.pool).append(
    userStreamId(userId),
    [
      {
        type: 'CheckoutStarted',
        data: {
          userId,
          sessionId: String(session.id),
          offering: metadata.products,
          products: metadata.products.split(',') as ['algoexpert'],
          amount: Number(session.amount_total),
          currency: String(session.currency),
          priceVersion: Number(metadata.priceVersion),
          region: 'US',
          affiliateCode: metadata.affiliateCode || null,
          promoCode: null,
          checkoutUrl: `${platform.url}/checkout-not-used-here`,
          successUrl: `${platform.url}/confirmation?purchase=${String(session.id)}`,
          cancelUrl: `${platform.url}/purchase`,
          expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
        },
      },
    ],
    { actor: { kind: 'system', id: 'billing-test' }, correlationId: randomUUID() },
  );
}

/** Delivers an event as Stripe does: the exact bytes, signed with the endpoint's secret. */
async function deliver(event: StripeEventBody, signWith = secret) {
  if (signWith === secret) await givenCheckoutStarted(event);
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: signWith });
  return call<{ outcome: string; position: string; code?: string; message?: string }>(platform.url, WEBHOOK, {
    raw: payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
  });
}

const countEvents = () => platform.countEvents();

async function billingEventCount(): Promise<number> {
  const { rows } = await platform.pool.query<{ count: string }>(
    `SELECT count(*) FROM es_events
      WHERE type IN ('PurchaseCompleted', 'PurchaseRefunded', 'SubscriptionActivated', 'SubscriptionEnded')`,
  );
  return Number(rows[0].count);
}

const subscriptionsOf = (token: string, position: string) =>
  call<{ subscriptions: { product: string; status: string }[] }>(
    platform.url,
    '/api/subscriptions/v2/subscriptions/get',
    { token, headers: { 'x-min-position': position } },
  );
const chargesOf = (token: string, position: string) =>
  call<{
    charges: { id: string; amount: number; products: string[]; amountRefunded: number }[];
    licenseCharges: [];
  }>(platform.url, '/api/subscriptions/v1/charges/get', {
    json: {},
    token,
    headers: { 'x-min-position': position },
  });
const productsOf = async (userId: string, position: string) =>
  (
    await call<{ products: string[]; subscriptions: string[] }>(
      platform.url,
      `/api/staff/v1/users/${userId}/access`,
      {
        token: STAFF_TOKEN,
        headers: { 'x-min-position': position },
      },
    )
  ).body;

describe('the Stripe webhook', () => {
  it('refuses unsigned, wrongly signed and tampered deliveries with a 400, appending nothing', async () => {
    const user = await signInFake(platform.url);
    const before = await billingEventCount();
    const event = checkoutEvent(user.userId, 'algoexpert');
    const unsigned = await call<{ code: string }>(platform.url, WEBHOOK, { json: event });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.code).toBe('BILLING_BAD_SIGNATURE');
    const otherSecret = await deliver(event, `whsec_${randomUUID().replaceAll('-', '')}`);
    expect([otherSecret.status, otherSecret.body.code]).toEqual([400, 'BILLING_BAD_SIGNATURE']);
    // Signed, then one byte of the body changed (a cheaper product swapped in).
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const tampered = await call<{ code: string }>(platform.url, WEBHOOK, {
      raw: payload.replace('"algoexpert"', '"allaccess"'),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect([tampered.status, tampered.body.code]).toEqual([400, 'BILLING_BAD_SIGNATURE']);
    // A signature older than Stripe's tolerance (5 minutes) is a replay.
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    const replayed = await call<{ code: string }>(platform.url, WEBHOOK, {
      raw: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': stale },
    });
    expect([replayed.status, replayed.body.code]).toEqual([400, 'BILLING_BAD_SIGNATURE']);
    expect(await billingEventCount()).toBe(before);
  });

  it('refuses a paid checkout without a buyer or with unknown products, appending nothing', async () => {
    const user = await signInFake(platform.url);
    const before = await billingEventCount();
    const noProducts = await deliver(checkoutEvent(user.userId, ''));
    expect([noProducts.status, noProducts.body.code]).toEqual([400, 'BILLING_BAD_CHECKOUT']);
    expect(noProducts.body.message).toBe('The checkout session has no products in metadata.products.');
    const unknown = await deliver(checkoutEvent(user.userId, 'algoexpert,goldexpert'));
    expect(unknown.body.message).toBe('The checkout session names unknown products: goldexpert.');
    const noBuyer = await deliver(checkoutEvent(user.userId, 'algoexpert', { client_reference_id: null }));
    expect([noBuyer.status, noBuyer.body.code]).toEqual([400, 'BILLING_BAD_CHECKOUT']);
    expect(await billingEventCount()).toBe(before);
  });

  it('refuses a paid session that is not the checkout started here (amount, products, price version), appending nothing', async () => {
    const user = await signInFake(platform.url);
    const event = checkoutEvent(user.userId, 'algoexpert');
    await givenCheckoutStarted(event);
    const before = await countEvents();
    const paidWith = (object: Record<string, unknown>) =>
      deliver({ ...event, id: `evt_${randomUUID()}`, data: { object: { ...event.data.object, ...object } } });
    const metadata = event.data.object.metadata as Record<string, string>;
    const cheaper = await paidWith({ amount_total: 100 });
    expect([cheaper.status, cheaper.body.code]).toEqual([400, 'BILLING_CHECKOUT_MISMATCH']);
    expect(cheaper.body.message).toContain('amount 100 (started: 9900)');
    const more = await paidWith({ metadata: { ...metadata, products: 'algoexpert,systemsexpert' } });
    expect([more.status, more.body.code]).toEqual([400, 'BILLING_CHECKOUT_MISMATCH']);
    const stale = await paidWith({ metadata: { ...metadata, priceVersion: '2' } });
    expect(stale.body.message).toContain('price version 2 (started: 1)');
    const otherCurrency = await paidWith({ currency: 'inr' });
    expect(otherCurrency.body.code).toBe('BILLING_CHECKOUT_MISMATCH');
    // A session the platform never started, signed correctly all the same.
    const unknown = checkoutEvent(user.userId, 'algoexpert');
    markNeverStarted(String(unknown.data.object.id));
    const neverStarted = await deliver(unknown);
    expect([neverStarted.status, neverStarted.body.code]).toEqual([400, 'BILLING_CHECKOUT_MISMATCH']);
    expect(await countEvents()).toBe(before);
    // The session as started is fulfilled; the same delivery replayed is a duplicate.
    expect((await deliver(event)).body.outcome).toBe('fulfilled');
    expect((await deliver(event)).body.outcome).toBe('duplicate');
  });

  it('ends an open checkout when its session expires, once', async () => {
    const user = await signInFake(platform.url);
    const event = checkoutEvent(user.userId, 'infraexpert');
    await givenCheckoutStarted(event);
    const expired = { ...event, id: `evt_${randomUUID()}`, type: 'checkout.session.expired' };
    expired.data = { object: { ...event.data.object, payment_status: 'unpaid', status: 'expired' } };
    expect((await deliver(expired)).body.outcome).toBe('expired');
    expect((await deliver(expired)).body.outcome).toBe('duplicate');
    const { rows } = await platform.pool.query(
      `SELECT type FROM es_events WHERE stream_id = $1 AND type LIKE 'Checkout%' ORDER BY revision`,
      [userStreamId(user.userId)],
    );
    expect(rows.map((r) => r.type)).toEqual(['CheckoutStarted', 'CheckoutExpired']);
  });

  it('fulfils a paid checkout: subscriptions, the charge and owned products follow', async () => {
    const user = await signInFake(platform.url);
    const anonymous = await call<{ subscriptions: unknown[] }>(
      platform.url,
      '/api/subscriptions/v2/subscriptions/get',
    );
    expect(anonymous.body).toEqual({ subscriptions: [] });
    const empty = await chargesOf(user.token, '0.0');
    expect(empty.body).toEqual({ charges: [], licenseCharges: [] });

    const event = checkoutEvent(user.userId, 'algoexpert,systemsexpert');
    const answer = await deliver(event);
    expect(answer.status).toBe(200);
    expect(answer.body.outcome).toBe('fulfilled');
    const subscriptions = await subscriptionsOf(user.token, answer.body.position);
    expect(subscriptions.body.subscriptions).toEqual([
      { product: 'algoexpert', status: 'active' },
      { product: 'systemsexpert', status: 'active' },
    ]);
    const charges = await chargesOf(user.token, answer.body.position);
    expect(charges.body.charges).toEqual([
      {
        id: event.data.object.payment_intent,
        purchaseId: event.data.object.id,
        amount: 9900,
        currency: 'usd',
        products: ['algoexpert', 'systemsexpert'],
        createdAt: new Date(event.created * 1000).toISOString(),
        amountRefunded: 0,
      },
    ]);
    expect((await productsOf(user.userId, answer.body.position)).products).toEqual([
      'algoexpert',
      'systemsexpert',
    ]);
  });

  it('fulfils a checkout once however often it is delivered, even concurrently', async () => {
    const user = await signInFake(platform.url);
    const before = await billingEventCount();
    const event = checkoutEvent(user.userId, 'mlexpert');
    const answers = await Promise.all(Array.from({ length: 8 }, () => deliver(event)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(answers.filter((a) => a.body.outcome === 'fulfilled')).toHaveLength(1);
    expect(answers.filter((a) => a.body.outcome === 'duplicate')).toHaveLength(7);
    // Duplicates answer the fulfilling append's position, so reading with it sees the purchase.
    for (const answer of answers) {
      const seen = await subscriptionsOf(user.token, answer.body.position);
      expect(seen.body.subscriptions).toEqual([{ product: 'mlexpert', status: 'active' }]);
    }
    // The same checkout again as a new Stripe event (async payment succeeded after completed).
    const again = await deliver({
      ...event,
      id: `evt_${randomUUID()}`,
      type: 'checkout.session.async_payment_succeeded',
    });
    expect(again.body.outcome).toBe('duplicate');
    // PurchaseCompleted + SubscriptionActivated, once.
    expect((await billingEventCount()) - before).toBe(2);
  });

  it('waits for delayed payments and ignores events it does not act on', async () => {
    const user = await signInFake(platform.url);
    const before = await billingEventCount();
    const pending = checkoutEvent(user.userId, 'frontendexpert', { payment_status: 'unpaid' });
    expect((await deliver(pending)).body.outcome).toBe('ignored');
    const other = await deliver({
      id: `evt_${randomUUID()}`,
      type: 'customer.created',
      created: 1,
      data: { object: {} },
    });
    expect([other.status, other.body.outcome]).toEqual([200, 'ignored']);
    expect(await billingEventCount()).toBe(before);
    // The payment clears later: the same session, now paid.
    const cleared = await deliver({
      ...pending,
      id: `evt_${randomUUID()}`,
      type: 'checkout.session.async_payment_succeeded',
      data: { object: { ...pending.data.object, payment_status: 'paid' } },
    });
    expect(cleared.body.outcome).toBe('fulfilled');
    const seen = await subscriptionsOf(user.token, cleared.body.position);
    expect(seen.body.subscriptions).toEqual([{ product: 'frontendexpert', status: 'active' }]);
  });

  it('ends on a full refund only the subscriptions no other purchase covers', async () => {
    const user = await signInFake(platform.url);
    const first = checkoutEvent(user.userId, 'algoexpert,systemsexpert');
    const second = checkoutEvent(user.userId, 'algoexpert,infraexpert');
    await deliver(first);
    const fulfilled = await deliver(second);
    const intent = String(first.data.object.payment_intent);
    const partial = await deliver(chargeRefunded(intent, 1000, false));
    expect(partial.body.outcome).toBe('refunded');
    expect((await subscriptionsOf(user.token, partial.body.position)).body.subscriptions).toHaveLength(3);
    const full = await deliver(chargeRefunded(intent, 9900, true));
    expect(full.body.outcome).toBe('refunded');
    const after = await subscriptionsOf(user.token, full.body.position);
    expect(after.body.subscriptions).toEqual(
      expect.arrayContaining([
        { product: 'algoexpert', status: 'active' },
        { product: 'infraexpert', status: 'active' },
        { product: 'systemsexpert', status: 'refunded' },
      ]),
    );
    expect((await productsOf(user.userId, full.body.position)).products).toEqual([
      'algoexpert',
      'infraexpert',
    ]);
    const charges = await chargesOf(user.token, full.body.position);
    expect(charges.body.charges.map((c) => [c.id, c.amountRefunded])).toEqual([
      [second.data.object.payment_intent, 0],
      [intent, 9900],
    ]);
    // Redelivered, the refund changes nothing; a refund of an unknown payment is not ours.
    const before = await billingEventCount();
    expect((await deliver(chargeRefunded(intent, 9900, true))).body.outcome).toBe('duplicate');
    expect((await deliver(chargeRefunded('pi_unknown', 100, true))).body.outcome).toBe('ignored');
    expect(await billingEventCount()).toBe(before);
    expect(fulfilled.body.outcome).toBe('fulfilled');
  });

  it('grants all six bundle products for allaccess, and a wipe removes the buyer’s billing rows', async () => {
    const user = await signInFake(platform.url);
    const bought = await deliver(checkoutEvent(user.userId, 'allaccess'));
    expect((await productsOf(user.userId, bought.body.position)).products).toHaveLength(6);
    const wiped = await call<{ position: string }>(platform.url, '/api/auth/v1/account/wipe', {
      json: {},
      token: user.token,
    });
    // Someone else's read with the wipe's position waits until the billing read model has it.
    const observer = await signInFake(platform.url);
    expect((await subscriptionsOf(observer.token, wiped.body.position)).status).toBe(200);
    const { rows } = await platform.pool.query(
      `SELECT (SELECT count(*) FROM rm_subscriptions WHERE user_id = $1) AS subscriptions,
              (SELECT count(*) FROM rm_charges WHERE user_id = $1) AS charges`,
      [user.userId],
    );
    expect(rows[0]).toEqual({ subscriptions: '0', charges: '0' });
    // A checkout paid for a wiped account grants nothing.
    expect((await deliver(checkoutEvent(user.userId, 'algoexpert'))).body.outcome).toBe('ignored');
  });
});

describe('what a purchase unlocks', () => {
  /** Runs the locked question's custom input as the buyer: judged for owners, 403 for the rest. */
  const runLocked = (token: string) =>
    call<{ code?: string }>(platform.url, '/api/problems/v1/algoexpert/run_custom_input', {
      json: {
        questionId: LOCKED,
        language: 'javascript',
        code: readFileSync(
          path.resolve(
            __dirname,
            `../../../command-service/src/execution/questions/${LOCKED}/solutions/javascript`,
          ),
          'utf8',
        ),
        input: JSON.stringify({ numbers: [4, 9, -2, 7, 11], target: 5 }),
      },
      token,
    });

  it('opens the locked content of a bought product at once, and closes it again on a full refund', async () => {
    const user = await signInFake(platform.url);
    const refused = await runLocked(user.token);
    expect([refused.status, refused.body.code]).toEqual([403, 'PRODUCT_NOT_OWNED']);
    const event = checkoutEvent(user.userId, 'algoexpert');
    expect((await deliver(event)).body.outcome).toBe('fulfilled');
    // The next call after the webhook's answer: no waiting, the edge reads the account's subscriptions.
    expect((await runLocked(user.token)).status).toBe(200);
    expect(
      (await deliver(chargeRefunded(String(event.data.object.payment_intent), 9900, true))).body.outcome,
    ).toBe('refunded');
    expect((await runLocked(user.token)).status).toBe(403);
  });
});

describe('without a webhook secret', () => {
  it('answers 503 BILLING_NOT_CONFIGURED', async () => {
    const bare = await startPlatform();
    try {
      const answer = await call<{ code: string }>(bare.url, WEBHOOK, { json: { id: 'evt_1', type: 'x' } });
      expect([answer.status, answer.body.code]).toEqual([503, 'BILLING_NOT_CONFIGURED']);
    } finally {
      await bare.close();
    }
  });
});
