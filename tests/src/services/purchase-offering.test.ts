import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { userStreamId } from '@app/contracts';
import { type Platform, STAFF_TOKEN, call, startPlatform } from './platform-harness';
import { type SignedInUser, signInFake } from './identity-support';

/*
 * Buying an offering end to end: the purchase call prices it and opens a Checkout Session on Stripe's
 * API (the real `stripe` package against the stripe-mock the jest setup starts), the test payment page
 * pays it with a signed webhook, and the webhook fulfils only what the platform started. Real
 * PostgreSQL, real gateway; nothing but loopback.
 */

const secret = `whsec_${randomUUID().replaceAll('-', '')}`;
const priceList = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../../content/commerce/price-list.json'), 'utf8'),
) as {
  version: number;
  regions: { US: { products: Record<string, number> } };
  discounts: { exploding: { percent: number } };
};
const minusPercent = (cents: number, percent: number) => cents - Math.round((cents * percent) / 100);
/** What a new account pays for algoexpert in the US: the list price less the exploding offer (spec 9). */
const ALGO_PRICE = minusPercent(
  priceList.regions.US.products.algoexpert,
  priceList.discounts.exploding.percent,
);
/** An offerings reply's token for the US prices of a price version (the purchase reads its version and region). */
const paymentToken = (version = priceList.version, region = 'US') =>
  `pt1.${version}.${region}.${'x'.repeat(22)}`;

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform({ env: { STRIPE_WEBHOOK_SECRET: secret } });
  const published = await call(platform.url, '/api/staff/v1/price-list/publish', {
    json: priceList,
    token: STAFF_TOKEN,
  });
  expect(published.status).toBe(200);
  for (const code of [
    { code: 'TENOFF', percentOff: 10 },
    { code: 'EUROPE10', percentOff: 10, region: 'EU' },
  ]) {
    expect(
      (await call(platform.url, '/api/staff/v1/promo-codes', { json: code, token: STAFF_TOKEN })).status,
    ).toBe(200);
  }
}, 120_000);
afterAll(async () => {
  await platform?.close();
});

const PURCHASE = '/api/subscriptions/v2/offerings/purchase';
type PurchaseAnswer = { checkoutUrl: string; position: string; code?: string; message?: string };

const purchase = (user: SignedInUser, body: Record<string, unknown>) =>
  call<PurchaseAnswer>(platform.url, PURCHASE, {
    json: { paymentToken: paymentToken(), ...body },
    token: user.token,
  });

/** The buyer's checkout and billing events, in order. */
async function buyerEvents(userId: string) {
  const { rows } = await platform.pool.query<{ type: string; data: Record<string, unknown> }>(
    `SELECT type, data FROM es_events
      WHERE stream_id = $1 AND type IN ('CheckoutStarted', 'CheckoutExpired', 'PurchaseCompleted', 'SubscriptionActivated')
      ORDER BY revision`,
    [userStreamId(userId)],
  );
  return rows;
}

/** The consistency token of the buyer's latest event (the webhook's, once paid). */
async function latestPosition(userId: string): Promise<string> {
  const { rows } = await platform.pool.query<{ p: string }>(
    `SELECT transaction_id::text || '.' || position AS p FROM es_events
      WHERE stream_id = $1 ORDER BY transaction_id DESC, position DESC LIMIT 1`,
    [userStreamId(userId)],
  );
  return rows[0]!.p;
}

/** Posts a form of the test payment page as a browser does, without following the redirect. */
const submit = (checkoutUrl: string, action: 'pay' | 'cancel') =>
  fetch(`${checkoutUrl}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });

/** Delivers a Stripe event signed with the endpoint's secret, as Stripe would. */
function deliver(event: unknown) {
  const payload = JSON.stringify(event);
  return call<{ outcome: string; code?: string; message?: string }>(
    platform.url,
    '/api/subscriptions/v1/stripe/webhook',
    {
      raw: payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
    },
  );
}

/** A `checkout.session.completed` for a started checkout, with parts of its session changed. */
function completedEvent(started: Record<string, unknown>, session: Record<string, unknown> = {}) {
  return {
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: started.sessionId,
        object: 'checkout.session',
        client_reference_id: started.userId,
        payment_status: 'paid',
        amount_total: started.amount,
        currency: started.currency,
        payment_intent: `pi_${randomUUID().replaceAll('-', '')}`,
        metadata: {
          products: (started.products as string[]).join(','),
          priceVersion: String(started.priceVersion),
          offering: started.offering,
          affiliateCode: '',
          promocode: '',
        },
        ...session,
      },
    },
  };
}

describe('v2/offerings/purchase with the test payment page', () => {
  it('opens a checkout on Stripe’s API, pays it on the test page, and the buyer owns the product', async () => {
    const user = await signInFake(platform.url);
    const answer = await purchase(user, { offering: 'algoexpert', affiliateCode: 'clem' });
    expect(answer.status).toBe(200);
    const checkoutUrl = answer.body.checkoutUrl;
    expect(checkoutUrl).toMatch(
      new RegExp(`^${platform.url}/api/subscriptions/v1/test-checkout/${user.userId}/cs_test_\\w+$`),
    );
    const [started] = await buyerEvents(user.userId);
    expect(started).toMatchObject({
      type: 'CheckoutStarted',
      data: {
        userId: user.userId,
        offering: 'algoexpert',
        products: ['algoexpert'],
        amount: ALGO_PRICE,
        currency: 'usd',
        priceVersion: priceList.version,
        affiliateCode: 'clem',
        checkoutUrl,
      },
    });
    const sessionId = String(started.data.sessionId);

    const page = await fetch(checkoutUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<h1>Test payment</h1>');
    expect(html).toContain('This is not Stripe.');
    expect(html).toContain(`Pay ${(ALGO_PRICE / 100).toFixed(2)} USD</button>`);
    expect(html).toContain('>Cancel</button>');

    const paid = await submit(checkoutUrl, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${platform.url}/confirmation?purchase=${sessionId}`);
    expect((await buyerEvents(user.userId)).map((e) => e.type)).toEqual([
      'CheckoutStarted',
      'PurchaseCompleted',
      'SubscriptionActivated',
    ]);
    const access = await call<{ products: string[] }>(
      platform.url,
      `/api/staff/v1/users/${user.userId}/access`,
      {
        token: STAFF_TOKEN,
        // The purchase's own position is the checkout's; ownership comes with the webhook's events.
        headers: { 'x-min-position': await latestPosition(user.userId) },
      },
    );
    expect(access.body.products).toContain('algoexpert');

    // Paying again is the same signed event again: a duplicate, still one charge.
    expect((await submit(checkoutUrl, 'pay')).status).toBe(303);
    expect((await buyerEvents(user.userId)).filter((e) => e.type === 'PurchaseCompleted')).toHaveLength(1);
    // Owned now: a second purchase of the product is refused.
    const again = await purchase(user, { offering: 'algoexpert' });
    expect([again.status, again.body.code]).toEqual([409, 'CHECKOUT_ALREADY_OWNED']);
  });

  it('refuses a stale price version, an unknown offering and a promo code of another region, appending nothing', async () => {
    const user = await signInFake(platform.url);
    const before = await platform.countEvents();
    const stale = await purchase(user, {
      offering: 'algoexpert',
      paymentToken: paymentToken(priceList.version + 1),
    });
    expect([stale.status, stale.body.code]).toEqual([409, 'CHECKOUT_STALE_PRICES']);
    const forged = await purchase(user, { offering: 'algoexpert', paymentToken: 'not-a-token' });
    expect([forged.status, forged.body.code]).toEqual([409, 'CHECKOUT_STALE_PRICES']);
    const unknown = await purchase(user, { offering: 'goldexpert' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'CHECKOUT_UNKNOWN_OFFERING']);
    const elsewhere = await purchase(user, { offering: 'algoexpert', promocode: 'EUROPE10' });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([400, 'SUBSCRIPTIONS_PROMOCODE_FAILED']);
    const bogus = await purchase(user, { offering: 'algoexpert', promocode: 'NOSUCHCODE' });
    expect([bogus.status, bogus.body.code]).toEqual([400, 'SUBSCRIPTIONS_BAD_PROMOCODE']);
    expect(await platform.countEvents()).toBe(before);
    // The same promo code where it applies takes its 10 % off the charged amount.
    const inRegion = await purchase(user, { offering: 'algoexpert', promocode: 'tenoff' });
    expect(inRegion.status).toBe(200);
    expect((await buyerEvents(user.userId))[0].data).toMatchObject({
      amount: minusPercent(ALGO_PRICE, 10),
      promoCode: 'TENOFF',
    });
    // Paid, the code counts one use (its stream); the position answered covers it.
    const paid = await submit(inRegion.body.checkoutUrl, 'pay');
    expect(paid.status).toBe(303);
    const { rows } = await platform.pool.query(
      `SELECT data FROM es_events WHERE stream_id = 'promo-code-TENOFF' AND type = 'PromoCodeRedeemed'`,
    );
    expect(rows.map((r) => r.data)).toEqual([
      { code: 'TENOFF', userId: user.userId, purchaseId: (await buyerEvents(user.userId))[0].data.sessionId },
    ]);
  });

  it('fulfils only the session as started: a tampered amount or product is a 400 and a replay a duplicate', async () => {
    const user = await signInFake(platform.url);
    expect((await purchase(user, { offering: 'systemsexpert' })).status).toBe(200);
    const [started] = await buyerEvents(user.userId);
    const before = await platform.countEvents();
    const cheaper = await deliver(completedEvent(started.data, { amount_total: 1 }));
    expect([cheaper.status, cheaper.body.code]).toEqual([400, 'BILLING_CHECKOUT_MISMATCH']);
    const metadata = completedEvent(started.data).data.object.metadata;
    const moreProducts = await deliver(
      completedEvent(started.data, { metadata: { ...metadata, products: 'systemsexpert,mlexpert' } }),
    );
    expect([moreProducts.status, moreProducts.body.code]).toEqual([400, 'BILLING_CHECKOUT_MISMATCH']);
    const unknownProduct = await deliver(
      completedEvent(started.data, { metadata: { ...metadata, products: 'goldexpert' } }),
    );
    expect([unknownProduct.status, unknownProduct.body.code]).toEqual([400, 'BILLING_BAD_CHECKOUT']);
    const staleVersion = await deliver(
      completedEvent(started.data, {
        metadata: { ...metadata, priceVersion: String(priceList.version + 1) },
      }),
    );
    expect([staleVersion.status, staleVersion.body.code]).toEqual([400, 'BILLING_CHECKOUT_MISMATCH']);
    expect(await platform.countEvents()).toBe(before);

    const genuine = completedEvent(started.data);
    expect((await deliver(genuine)).body.outcome).toBe('fulfilled');
    expect((await deliver(genuine)).body.outcome).toBe('duplicate');
    expect((await buyerEvents(user.userId)).filter((e) => e.type === 'PurchaseCompleted')).toHaveLength(1);
  });

  it('gives two parallel purchases of one offering one checkout, and one charge', async () => {
    const user = await signInFake(platform.url);
    const answers = await Promise.all([1, 2, 3].map(() => purchase(user, { offering: 'mlexpert' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.checkoutUrl)).size).toBe(1);
    expect((await buyerEvents(user.userId)).map((e) => e.type)).toEqual(['CheckoutStarted']);
    await Promise.all(answers.map((a) => submit(a.body.checkoutUrl, 'pay')));
    expect((await buyerEvents(user.userId)).map((e) => e.type)).toEqual([
      'CheckoutStarted',
      'PurchaseCompleted',
      'SubscriptionActivated',
    ]);
  });

  it('refuses a parallel purchase of another offering with the same product while one checkout is open; Cancel ends it', async () => {
    const user = await signInFake(platform.url);
    const answers = await Promise.all([
      purchase(user, { offering: 'frontendexpert' }),
      purchase(user, { offering: 'allaccess' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body.code).toBe('CHECKOUT_IN_PROGRESS');
    expect((await buyerEvents(user.userId)).map((e) => e.type)).toEqual(['CheckoutStarted']);

    const open = answers.find((a) => a.status === 200)!;
    const cancelled = await submit(open.body.checkoutUrl, 'cancel');
    expect([cancelled.status, cancelled.headers.get('location')]).toEqual([303, `${platform.url}/purchase`]);
    expect((await buyerEvents(user.userId)).map((e) => e.type)).toEqual([
      'CheckoutStarted',
      'CheckoutExpired',
    ]);
    // The cancelled checkout cannot be paid; the other offering may start now.
    expect((await submit(open.body.checkoutUrl, 'pay')).status).toBe(409);
    const other = await purchase(user, { offering: refused === answers[0] ? 'frontendexpert' : 'allaccess' });
    expect(other.status).toBe(200);
  });

  it('shows no test payment page for a checkout that was never started', async () => {
    const user = await signInFake(platform.url);
    const page = await fetch(
      `${platform.url}/api/subscriptions/v1/test-checkout/${user.userId}/cs_test_nothing`,
    );
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('No checkout cs_test_nothing was started for this buyer.');
  });
});
