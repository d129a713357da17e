import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { type ProductId, userStreamId } from '@app/contracts';
import { PgEventStore } from '@app/server-kit';
import { type Platform, call, startPlatform } from './platform-harness';
import { type SignedInUser, signInFake } from './identity-support';
import { pdfText } from './pdf-text';
import { chargeRefunded } from './stripe-support';

/*
 * Receipts (v2/receipts/download) through the gateway: a purchase paid through Stripe's signed webhook,
 * then the buyer asks for the receipt's link, opens it without any header (as a browser tab does) and
 * reads the PDF's text. Only the buyer gets a link; a link is refused once tampered with.
 */

const secret = `whsec_${randomUUID().replaceAll('-', '')}`;
let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform({ env: { STRIPE_WEBHOOK_SECRET: secret } });
}, 120_000);
afterAll(async () => {
  await platform?.close();
});

type Paid = { chargeId: string; position: string; paymentIntent: string };

type Checkout = {
  products: ProductId[];
  amount: number;
  promoCode?: string;
  pricing?: { listPrice: number; discounts: Record<string, number> };
};

/**
 * Given the checkout the platform started (its CheckoutStarted, as purchase-offering appends it), pays
 * it as Stripe reports it, signed; answers the charge id it records.
 */
async function pay(user: SignedInUser, checkout: Checkout): Promise<Paid> {
  const sessionId = `cs_test_${randomUUID().replaceAll('-', '')}`;
  const paymentIntent = `pi_${randomUUID().replaceAll('-', '')}`;
  await new PgEventStore(platform.pool).append(
    userStreamId(user.userId),
    [
      {
        type: 'CheckoutStarted',
        data: {
          userId: user.userId,
          sessionId,
          offering: checkout.products.join(','),
          products: checkout.products,
          amount: checkout.amount,
          currency: 'usd',
          priceVersion: 1,
          region: 'US',
          affiliateCode: null,
          promoCode: checkout.promoCode ?? null,
          checkoutUrl: `${platform.url}/checkout/test-pay/${sessionId}`,
          successUrl: `${platform.url}/confirmation?purchase=${sessionId}`,
          cancelUrl: `${platform.url}/purchase`,
          expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
          ...(checkout.pricing ? { pricing: checkout.pricing } : {}),
        },
      },
    ],
    { actor: { kind: 'system', id: 'receipts-test' }, correlationId: randomUUID() },
  );
  const payload = JSON.stringify({
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        client_reference_id: user.userId,
        payment_status: 'paid',
        amount_total: checkout.amount,
        currency: 'usd',
        payment_intent: paymentIntent,
        metadata: {
          products: checkout.products.join(','),
          affiliateCode: '',
          promocode: checkout.promoCode ?? '',
          priceVersion: '1',
        },
      },
    },
  });
  const answer = await deliver(payload);
  expect(answer.body.outcome).toBe('fulfilled');
  const charges = await call<{ charges: { id: string }[] }>(
    platform.url,
    '/api/subscriptions/v1/charges/get',
    {
      json: {},
      token: user.token,
      headers: { 'x-min-position': answer.body.position },
    },
  );
  return { chargeId: charges.body.charges[0].id, position: answer.body.position, paymentIntent };
}

function deliver(payload: string) {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return call<{ outcome: string; position: string }>(platform.url, '/api/subscriptions/v1/stripe/webhook', {
    raw: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

const askReceipt = (user: SignedInUser, chargeId: string, position?: string) =>
  call<{ url: string; code?: string }>(platform.url, '/api/subscriptions/v2/receipts/download', {
    json: { chargeId },
    token: user.token,
    headers: position ? { 'x-min-position': position } : {},
  });

async function download(url: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const response = await fetch(`${platform.url}${url}`);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe('receipts', () => {
  it("gives the buyer a short-lived link to the charge's PDF: number, date, buyer, items, tax, total in the currency", async () => {
    const buyer = await signInFake(platform.url, {
      name: 'Rita Receipt',
      email: `rita-${randomUUID()}@example.com`,
    });
    const paid = await pay(buyer, {
      products: ['algoexpert', 'systemsexpert'],
      amount: 14_950,
      promoCode: 'SPRING20',
      pricing: { listPrice: 17_800, discounts: { bundle: 1_360, promo: 1_490, holiday: 0 } },
    });

    const link = await askReceipt(buyer, paid.chargeId, paid.position);
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(/^\/api\/subscriptions\/v2\/receipts\/[A-Za-z0-9_.-]+\.pdf$/);

    const file = await download(link.body.url);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(file.bytes);
    expect(text).toContain('RECEIPT');
    expect(text).toMatch(/Receipt number:\s*R-\d{8}-[0-9A-F]{8}/);
    expect(text).toContain(`Date: ${new Date().toISOString().slice(0, 10)}`);
    expect(text).toContain(paid.chargeId);
    expect(text).toContain('Rita Receipt');
    expect(text).toMatch(/AlgoExpert \+ SystemsExpert\s+178\.00 USD/);
    expect(text).toMatch(/Discount: bundle\s+-13\.60 USD/);
    expect(text).toMatch(/Discount: promo code\s+-14\.90 USD/);
    expect(text).not.toContain('holiday');
    expect(text).toMatch(/Price list:\s*version 1/);
    expect(text).toMatch(/Tax\s+0\.00 USD/);
    expect(text).toMatch(/Total\s+149\.50 USD/);
    expect(text).toContain('Promo code applied: SPRING20');
    expect(text).toContain('Prices include no tax');
    expect(text).not.toContain('Refunded');
  });

  it("answers 404 for another buyer's charge and for an unknown one, and refuses a tampered link", async () => {
    const buyer = await signInFake(platform.url);
    const other = await signInFake(platform.url);
    const paid = await pay(buyer, { products: ['mlexpert'], amount: 4_900 });

    const stolen = await askReceipt(other, paid.chargeId, paid.position);
    expect(stolen.status).toBe(404);
    expect(stolen.body.code).toBe('NOT_FOUND');
    expect((await askReceipt(buyer, 'ch_nobody', paid.position)).status).toBe(404);

    const link = await askReceipt(buyer, paid.chargeId, paid.position);
    const [body, mac] = link.body.url
      .replace(/^.*\/receipts\//, '')
      .replace(/\.pdf$/, '')
      .split('.');
    const forged = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as [string, string, number];
    forged[1] = other.userId;
    const forgedBody = Buffer.from(JSON.stringify(forged)).toString('base64url');
    const tampered = await download(`/api/subscriptions/v2/receipts/${forgedBody}.${mac}.pdf`);
    expect(tampered.status).toBe(404);
    expect((await download(link.body.url)).status).toBe(200);
  });

  it('shows a partial refund and what remains paid', async () => {
    const buyer = await signInFake(platform.url);
    const paid = await pay(buyer, { products: ['frontendexpert'], amount: 9_900 });
    const refund = await deliver(JSON.stringify(chargeRefunded(paid.paymentIntent, 2_005, false)));
    expect(refund.body.outcome).toBe('refunded');
    const link = await askReceipt(buyer, paid.chargeId, refund.body.position);
    const text = await pdfText((await download(link.body.url)).bytes);
    expect(text).toMatch(/FrontendExpert\s+99\.00 USD/);
    expect(text).toMatch(/Total\s+99\.00 USD/);
    expect(text).toMatch(/Refunded\s+-20\.05 USD/);
    expect(text).toMatch(/Net paid\s+78\.95 USD/);
  });
});
