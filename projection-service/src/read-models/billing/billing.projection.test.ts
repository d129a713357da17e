import { userStreamId } from '@app/contracts';
import type { GivenEvent } from '@app/server-kit';
import { ProjectionScenario } from '../../runtime/testing/projection-scenario';
import { accountWiped } from '../../runtime/testing/given-events';
import { billingProjection as projection } from './billing.projection';

/* Every billing event is on the buyer's user stream, so a feed keeps a purchase and a wipe in order. */

const ana = '00000000-0000-4000-8000-00000000000a';
const bo = '00000000-0000-4000-8000-00000000000b';

type Product = 'algoexpert' | 'frontendexpert' | 'allaccess';

const purchased = (
  userId: string,
  purchaseId: string,
  products: Product[],
  options: { amount?: number; paidAt?: string; affiliateCode?: string } = {},
): GivenEvent => ({
  type: 'PurchaseCompleted',
  streamId: userStreamId(userId),
  occurredAt: options.paidAt,
  data: {
    userId,
    purchaseId,
    chargeId: `ch_${purchaseId}`,
    products,
    amount: options.amount ?? 9900,
    currency: 'usd',
    affiliateCode: options.affiliateCode ?? null,
    promoCode: null,
    paidAt: options.paidAt ?? '2026-11-20T10:00:00.000Z',
  },
});
const refunded = (userId: string, purchaseId: string, amountRefunded: number, full: boolean): GivenEvent => ({
  type: 'PurchaseRefunded',
  streamId: userStreamId(userId),
  data: { userId, purchaseId, chargeId: `ch_${purchaseId}`, amountRefunded, full },
});
const activated = (userId: string, product: Product, purchaseId: string, at?: string): GivenEvent => ({
  type: 'SubscriptionActivated',
  streamId: userStreamId(userId),
  occurredAt: at,
  data: { userId, product, purchaseId },
});
const ended = (userId: string, product: Product, purchaseId: string, at?: string): GivenEvent => ({
  type: 'SubscriptionEnded',
  streamId: userStreamId(userId),
  occurredAt: at,
  data: { userId, product, purchaseId, reason: 'refunded' },
});

const checkoutStarted = (
  userId: string,
  sessionId: string,
  products: Product[],
  pricing?: { listPrice: number; discounts: Record<string, number> },
): GivenEvent => ({
  type: 'CheckoutStarted',
  streamId: userStreamId(userId),
  data: {
    userId,
    sessionId,
    offering: 'tech-interview',
    products,
    amount: pricing ? pricing.listPrice - Object.values(pricing.discounts).reduce((a, b) => a + b, 0) : 9900,
    currency: 'usd',
    priceVersion: 3,
    region: 'US',
    affiliateCode: null,
    promoCode: null,
    checkoutUrl: 'http://localhost/checkout/test-pay',
    successUrl: 'http://localhost/confirmation',
    cancelUrl: 'http://localhost/purchase',
    expiresAt: '2026-11-20T11:00:00.000Z',
    ...(pricing ? { pricing } : {}),
  },
});
const checkoutExpired = (userId: string, sessionId: string): GivenEvent => ({
  type: 'CheckoutExpired',
  streamId: userStreamId(userId),
  data: { userId, sessionId },
});

const charge = (
  userId: string,
  purchaseId: string,
  products: Product[],
  options: {
    amount?: number;
    refunded?: number;
    paidAt?: string;
    affiliateCode?: string;
    details?: {
      offering: string;
      price_version: number;
      list_price: string | null;
      discounts: object | null;
    };
  } = {},
) => ({
  charge_id: `ch_${purchaseId}`,
  purchase_id: purchaseId,
  user_id: userId,
  products,
  amount: String(options.amount ?? 9900),
  currency: 'usd',
  amount_refunded: String(options.refunded ?? 0),
  affiliate_code: options.affiliateCode ?? null,
  promo_code: null,
  paid_at: new Date(options.paidAt ?? '2026-11-20T10:00:00.000Z'),
  licence_seats: null,
  ...(options.details ?? { offering: null, price_version: null, list_price: null, discounts: null }),
});
const subscription = (
  userId: string,
  product: Product,
  status: 'active' | 'refunded',
  purchaseId: string,
  at: string,
) => ({ user_id: userId, product, status, purchase_id: purchaseId, changed_at: new Date(at) });

describe('billing read model', () => {
  let scenario: ProjectionScenario;
  beforeAll(async () => {
    scenario = await ProjectionScenario.start();
  });
  afterAll(async () => {
    await scenario.stop();
  });

  it('given paid checkouts with their subscriptions, when projected in one batch or one by one, then each buyer has a charge per checkout and an active subscription per product', async () => {
    const events = [
      purchased(ana, 'cs_1', ['algoexpert'], { affiliateCode: 'ALICE' }),
      activated(ana, 'algoexpert', 'cs_1', '2026-11-20T10:00:01.000Z'),
      purchased(bo, 'cs_2', ['allaccess'], { amount: 29900, paidAt: '2026-11-21T10:00:00.000Z' }),
      activated(bo, 'allaccess', 'cs_2', '2026-11-21T10:00:01.000Z'),
    ];
    for (const batchSize of [1, events.length]) {
      const rows = await scenario.given(projection, events, { batchSize });
      expect(rows).toEqual({
        rm_subscriptions: [
          subscription(ana, 'algoexpert', 'active', 'cs_1', '2026-11-20T10:00:01.000Z'),
          subscription(bo, 'allaccess', 'active', 'cs_2', '2026-11-21T10:00:01.000Z'),
        ],
        rm_charges: [
          charge(ana, 'cs_1', ['algoexpert'], { affiliateCode: 'ALICE' }),
          charge(bo, 'cs_2', ['allaccess'], { amount: 29900, paidAt: '2026-11-21T10:00:00.000Z' }),
        ],
        rm_charge_checkouts: [],
        rm_licence_subscriptions: [],
      });
    }
  });

  it('given partial then full refunds, when projected, then the charge keeps the highest running total and the ended subscription is refunded', async () => {
    const rows = await scenario.given(projection, [
      purchased(ana, 'cs_1', ['algoexpert', 'frontendexpert']),
      activated(ana, 'algoexpert', 'cs_1', '2026-11-20T10:00:01.000Z'),
      activated(ana, 'frontendexpert', 'cs_1', '2026-11-20T10:00:02.000Z'),
      refunded(ana, 'cs_1', 1000, false),
      refunded(ana, 'cs_1', 9900, true),
      // The provider's reports may come out of order: a lower running total never lowers it.
      refunded(ana, 'cs_1', 1000, false),
      ended(ana, 'algoexpert', 'cs_1', '2026-11-22T10:00:00.000Z'),
      // A refund of a checkout never seen changes nothing.
      refunded(ana, 'cs_unknown', 500, false),
    ]);
    expect(rows).toEqual({
      rm_subscriptions: [
        subscription(ana, 'algoexpert', 'refunded', 'cs_1', '2026-11-22T10:00:00.000Z'),
        subscription(ana, 'frontendexpert', 'active', 'cs_1', '2026-11-20T10:00:02.000Z'),
      ],
      rm_charges: [charge(ana, 'cs_1', ['algoexpert', 'frontendexpert'], { refunded: 9900 })],
      rm_charge_checkouts: [],
      rm_licence_subscriptions: [],
    });
  });

  it('given a refunded product bought again, when projected, then its subscription is active under the new purchase', async () => {
    const rows = await scenario.given(projection, [
      purchased(ana, 'cs_1', ['algoexpert']),
      activated(ana, 'algoexpert', 'cs_1', '2026-11-20T10:00:01.000Z'),
      refunded(ana, 'cs_1', 9900, true),
      ended(ana, 'algoexpert', 'cs_1', '2026-11-21T10:00:00.000Z'),
      purchased(ana, 'cs_2', ['algoexpert'], { paidAt: '2026-11-22T10:00:00.000Z' }),
      activated(ana, 'algoexpert', 'cs_2', '2026-11-22T10:00:01.000Z'),
    ]);
    expect(rows.rm_subscriptions).toEqual([
      subscription(ana, 'algoexpert', 'active', 'cs_2', '2026-11-22T10:00:01.000Z'),
    ]);
    expect(rows.rm_charges.map((row) => [row.purchase_id, row.amount_refunded])).toEqual([
      ['cs_1', '9900'],
      ['cs_2', '0'],
    ]);
  });

  it('given a buyer wiped, in the batch of the purchase or a later one, when projected, then the buyer has no rows and others keep theirs', async () => {
    for (const batchSize of [1, 5]) {
      const rows = await scenario.given(
        projection,
        [
          purchased(ana, 'cs_1', ['algoexpert']),
          activated(ana, 'algoexpert', 'cs_1', '2026-11-20T10:00:01.000Z'),
          purchased(bo, 'cs_2', ['algoexpert']),
          activated(bo, 'algoexpert', 'cs_2', '2026-11-20T10:00:02.000Z'),
          accountWiped(ana),
        ],
        { batchSize },
      );
      expect(rows).toEqual({
        rm_subscriptions: [subscription(bo, 'algoexpert', 'active', 'cs_2', '2026-11-20T10:00:02.000Z')],
        rm_charges: [charge(bo, 'cs_2', ['algoexpert'])],
        rm_charge_checkouts: [],
        rm_licence_subscriptions: [],
      });
    }
  });

  it('given the same batch delivered twice, when projected, then the rows are those of one delivery', async () => {
    const batch = scenario.events([
      purchased(ana, 'cs_1', ['algoexpert']),
      activated(ana, 'algoexpert', 'cs_1', '2026-11-20T10:00:01.000Z'),
      refunded(ana, 'cs_1', 2000, false),
      purchased(bo, 'cs_2', ['frontendexpert']),
      activated(bo, 'frontendexpert', 'cs_2', '2026-11-20T10:00:02.000Z'),
    ]);
    const once = await scenario.given(projection, batch, { batchSize: 2 });
    await scenario.applyBatch(projection, batch);
    await scenario.applyBatch(projection, batch.slice(2));
    expect(await scenario.rows(projection)).toEqual(once);
    expect(once.rm_charges.map((row) => row.amount_refunded)).toEqual(['2000', '0']);
  });

  it('given checkouts started with their price build-up, when one is paid, one expires and one is still open, then the paid charge carries the offering, price version, list price and discounts, and only the open checkout waits', async () => {
    const pricing = { listPrice: 17800, discounts: { bundle: 2900, promo: 1490, holiday: 0 } };
    for (const batchSize of [1, 2, 10]) {
      const rows = await scenario.given(
        projection,
        [
          checkoutStarted(ana, 'cs_1', ['algoexpert', 'frontendexpert'], pricing),
          checkoutStarted(ana, 'cs_2', ['algoexpert']),
          checkoutStarted(bo, 'cs_3', ['algoexpert']),
          purchased(ana, 'cs_1', ['algoexpert', 'frontendexpert'], { amount: 13410 }),
          checkoutExpired(ana, 'cs_2'),
          // A paid checkout delivered again keeps its charge's details.
          purchased(ana, 'cs_1', ['algoexpert', 'frontendexpert'], { amount: 13410 }),
          checkoutStarted(ana, 'cs_1', ['algoexpert', 'frontendexpert'], pricing),
          // A purchase whose checkout the read model never saw has no details.
          purchased(bo, 'cs_4', ['frontendexpert']),
        ],
        { batchSize },
      );
      expect(rows.rm_charges).toEqual([
        charge(ana, 'cs_1', ['algoexpert', 'frontendexpert'], {
          amount: 13410,
          details: {
            offering: 'tech-interview',
            price_version: 3,
            list_price: '17800',
            discounts: { bundle: 2900, promo: 1490, holiday: 0 },
          },
        }),
        charge(bo, 'cs_4', ['frontendexpert']),
      ]);
      expect(rows.rm_charge_checkouts).toEqual([
        {
          purchase_id: 'cs_3',
          user_id: bo,
          offering: 'tech-interview',
          price_version: 3,
          list_price: null,
          discounts: null,
        },
      ]);
    }
  });

  it('given licence keys redeemed, when projected, then each learner owns the products until the latest licence year ends, and a wipe drops them', async () => {
    const redeemed = (userId: string, products: Product[], expiresAt: string): GivenEvent => ({
      type: 'LicenceKeyApplied',
      streamId: 'licences-00000000-0000-4000-8000-0000000000ff',
      data: { holderId: '00000000-0000-4000-8000-0000000000ff', code: 'K', userId, products, expiresAt },
    });
    const rows = await scenario.given(projection, [
      redeemed(ana, ['algoexpert'], '2027-11-21T10:00:00.000Z'),
      redeemed(ana, ['algoexpert', 'allaccess'], '2027-06-01T10:00:00.000Z'),
      redeemed(bo, ['frontendexpert'], '2027-11-21T10:00:00.000Z'),
      accountWiped(bo),
    ]);
    expect(rows.rm_licence_subscriptions).toEqual([
      { user_id: ana, product: 'algoexpert', expires_at: new Date('2027-11-21T10:00:00.000Z') },
      { user_id: ana, product: 'allaccess', expires_at: new Date('2027-06-01T10:00:00.000Z') },
    ]);
  });

  it('a rebuild gives the same rows as the live run', async () => {
    const cy = '00000000-0000-4000-8000-00000000000c';
    const events = [
      checkoutStarted(ana, 'cs_1', ['algoexpert'], { listPrice: 9900, discounts: {} }),
      checkoutStarted(cy, 'cs_5', ['algoexpert']),
      checkoutStarted(bo, 'cs_6', ['algoexpert']),
      purchased(ana, 'cs_1', ['algoexpert'], { paidAt: '2026-11-20T10:00:00.000Z' }),
      activated(ana, 'algoexpert', 'cs_1', '2026-11-20T10:00:01.000Z'),
      purchased(bo, 'cs_2', ['allaccess'], { amount: 29900, paidAt: '2026-11-20T11:00:00.000Z' }),
      activated(bo, 'allaccess', 'cs_2', '2026-11-20T11:00:01.000Z'),
      purchased(cy, 'cs_3', ['frontendexpert'], { paidAt: '2026-11-20T12:00:00.000Z' }),
      activated(cy, 'frontendexpert', 'cs_3', '2026-11-20T12:00:01.000Z'),
      refunded(ana, 'cs_1', 9900, true),
      ended(ana, 'algoexpert', 'cs_1', '2026-11-21T10:00:00.000Z'),
      refunded(bo, 'cs_2', 5000, false),
      accountWiped(cy),
      purchased(ana, 'cs_4', ['frontendexpert'], { paidAt: '2026-11-22T10:00:00.000Z' }),
      activated(ana, 'frontendexpert', 'cs_4', '2026-11-22T10:00:01.000Z'),
    ];
    for (const liveBatchSize of [1, 3]) {
      const rows = await scenario.rebuildEqualsLive(projection, events, liveBatchSize);
      expect(rows.rm_subscriptions.map((row) => [row.user_id, row.product, row.status])).toEqual([
        [ana, 'algoexpert', 'refunded'],
        [ana, 'frontendexpert', 'active'],
        [bo, 'allaccess', 'active'],
      ]);
      expect(rows.rm_charges.map((row) => [row.purchase_id, row.amount_refunded, row.list_price])).toEqual([
        ['cs_1', '9900', '9900'],
        ['cs_2', '5000', null],
        ['cs_4', '0', null],
      ]);
      expect(rows.rm_charge_checkouts.map((row) => row.purchase_id)).toEqual(['cs_6']);
    }
  });
});
