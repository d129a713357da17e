import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { type AffiliateData, type TrackingDay, monthOf, userStreamId } from '@app/contracts';
import {
  type Platform,
  STAFF_TOKEN,
  call,
  latestPosition as latestOf,
  rebuildProjection,
  startPlatform,
  utcToday,
} from './platform-harness';
import { type SignedInUser, signInFake, uniqueEmail } from './identity-support';

/*
 * Affiliates end to end (issue 18): staff enrol affiliates, buyers check out with the affiliate's
 * saved link code or own promo code, and real signed webhooks pay the checkouts with back-dated
 * sessions (Stripe's `created`) and refund one. The monthly read model is checked to the cent (the
 * figures below are worked out by hand from the rule), then again after rebuilding the read models.
 */

const secret = `whsec_${randomUUID().replaceAll('-', '')}`;
const priceList = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../../content/commerce/price-list.json'), 'utf8'),
) as { version: number };
const paymentTokenOf = (region: string) => `pt1.${priceList.version}.${region}.${'x'.repeat(22)}`;

let platform: Platform;
const affiliateEmail = uniqueEmail('affiliate');
let affiliateId: string;

beforeAll(async () => {
  platform = await startPlatform({ env: { STRIPE_WEBHOOK_SECRET: secret, AFFILIATE_PAYOUTS: 'false' } });
  expect(
    (await call(platform.url, '/api/staff/v1/price-list/publish', { json: priceList, token: STAFF_TOKEN }))
      .status,
  ).toBe(200);
  expect(
    (
      await call(platform.url, '/api/staff/v1/promo-codes', {
        json: { code: 'CLEM10', percentOff: 10 },
        token: STAFF_TOKEN,
      })
    ).status,
  ).toBe(200);
}, 120_000);
afterAll(async () => {
  await platform?.close();
});

const enrol = (body: Record<string, unknown>) =>
  call<{ affiliateId: string; position: string; code?: string }>(platform.url, '/api/staff/v1/affiliates', {
    json: body,
    token: STAFF_TOKEN,
  });

/** Delivers a Stripe event signed with the endpoint's secret, as Stripe would. */
async function deliver(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const answer = await call<{ outcome: string; position: string }>(
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
  expect(answer.status).toBe(200);
  return answer.body;
}

/**
 * A new buyer checks out algoexpert with these codes; the webhook pays the session as created at
 * `createdAt`. Answers the amount paid, the payment intent (to refund it) and the webhook's position.
 */
async function sale(codes: { affiliateCode?: string; promocode?: string }, createdAt: string, region = 'US') {
  const buyer = await signInFake(platform.url);
  if (region !== 'US') {
    const set = await call(platform.url, '/api/users/v1/pricing-region/set', {
      json: { region },
      token: buyer.token,
    });
    expect(set.status).toBe(200);
  }
  const purchased = await call<{ position: string }>(
    platform.url,
    '/api/subscriptions/v2/offerings/purchase',
    {
      json: { paymentToken: paymentTokenOf(region), offering: 'algoexpert', ...codes },
      token: buyer.token,
    },
  );
  expect(purchased.status).toBe(200);
  const { rows } = await platform.pool.query<{ data: Record<string, unknown> }>(
    `SELECT data FROM es_events WHERE stream_id = $1 AND type = 'CheckoutStarted'`,
    [userStreamId(buyer.userId)],
  );
  const started = rows[0].data;
  const paymentIntent = `pi_${randomUUID().replaceAll('-', '')}`;
  const paid = await deliver('checkout.session.completed', {
    id: started.sessionId,
    object: 'checkout.session',
    client_reference_id: buyer.userId,
    payment_status: 'paid',
    amount_total: started.amount,
    currency: started.currency,
    payment_intent: paymentIntent,
    created: Math.floor(Date.parse(createdAt) / 1000),
    metadata: {
      products: 'algoexpert',
      priceVersion: String(started.priceVersion),
      offering: 'algoexpert',
      affiliateCode: codes.affiliateCode ?? '',
      promocode: codes.promocode ?? '',
    },
  });
  expect(paid.outcome).toBe('fulfilled');
  return {
    amount: Number(started.amount),
    currency: String(started.currency),
    paymentIntent,
    position: paid.position,
  };
}

const affiliateEvents = async () =>
  (
    await platform.pool.query<{ type: string; data: { affiliateId: string; purchaseId: string } }>(
      `SELECT type, data FROM es_events WHERE type LIKE 'Affiliate%' AND type <> 'AffiliateLinkClicked' ORDER BY position`,
    )
  ).rows;

const dataOf = (user: SignedInUser, position?: string) =>
  call<AffiliateData>(platform.url, '/api/subscriptions/v1/affiliates/data', {
    token: user.token,
    headers: position ? { 'x-min-position': position } : {},
  });

describe('affiliates', () => {
  let affiliate: SignedInUser;
  let lastPosition: string;

  it('staff enrol an affiliate; a duplicate alias or promo code is a 400 with its code and appends nothing', async () => {
    const enrolled = await enrol({ alias: 'clem', email: affiliateEmail, cutPerc: 20, promocode: 'clem10' });
    expect(enrolled.status).toBe(200);
    affiliateId = enrolled.body.affiliateId;
    const before = await platform.countEvents();
    const sameAlias = await enrol({ alias: 'CLEM', email: uniqueEmail(), cutFlat: 100, promocode: 'OTHER' });
    expect([sameAlias.status, sameAlias.body.code]).toEqual([400, 'AFFILIATE_ALIAS_TAKEN']);
    const samePromo = await enrol({
      alias: 'other',
      email: uniqueEmail(),
      cutFlat: 100,
      promocode: 'Clem10',
    });
    expect([samePromo.status, samePromo.body.code]).toEqual([400, 'AFFILIATE_PROMOCODE_TAKEN']);
    const bothCuts = await enrol({
      alias: 'x',
      email: uniqueEmail(),
      cutFlat: 1,
      cutPerc: 1,
      promocode: 'X',
    });
    expect([bothCuts.status, bothCuts.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await platform.countEvents()).toBe(before);

    const list = await call<{ affiliates: { alias: string; promocode: string; cutPerc: number }[] }>(
      platform.url,
      '/api/staff/v1/affiliates',
      { token: STAFF_TOKEN, headers: { 'x-min-position': enrolled.body.position } },
    );
    expect(list.body.affiliates).toEqual([
      expect.objectContaining({ alias: 'clem', promocode: 'CLEM10', cutPerc: 20, isAffiliate: true }),
    ]);
  });

  it('paid checkouts attributed by link code or own promo code append sale facts; an expired affiliate earns nothing new', async () => {
    const expired = await enrol({ alias: 'dana', email: uniqueEmail(), cutFlat: 500, promocode: 'DANA5' });
    const expiry = await call(platform.url, `/api/staff/v1/affiliates/${expired.body.affiliateId}/expire`, {
      json: {},
      token: STAFF_TOKEN,
    });
    expect(expiry.status).toBe(200);

    const january = await sale({ affiliateCode: 'clem' }, '2024-01-15T10:00:00Z');
    expect(january.amount).toBe(8415); // 9900 less the new account's 15 % exploding offer.
    const march = await sale({ affiliateCode: 'clem' }, '2024-03-10T10:00:00Z');
    // A second before the earnings start: recorded, never counted.
    await sale({ affiliateCode: 'clem' }, '2019-01-24T23:59:59Z');
    const promo = await sale({ promocode: 'CLEM10' }, '2024-03-20T10:00:00Z');
    expect(promo.amount).toBe(7573); // 8415 less 10 % (841.5 → 842).
    await sale({ affiliateCode: 'dana' }, '2024-03-21T10:00:00Z');
    const refund = await deliver('charge.refunded', {
      id: `ch_${randomUUID().replaceAll('-', '')}`,
      object: 'charge',
      payment_intent: march.paymentIntent,
      amount_refunded: 2000,
      refunded: false,
    });
    expect(refund.outcome).toBe('refunded');
    lastPosition = refund.position;

    const events = await affiliateEvents();
    expect(events.map((e) => [e.type, e.data.affiliateId === affiliateId])).toEqual([
      ['AffiliateEnrolled', true],
      ['AffiliateEnrolled', false],
      ['AffiliateExpired', false],
      ['AffiliateSaleRecorded', true],
      ['AffiliateSaleRecorded', true],
      ['AffiliateSaleRecorded', true],
      ['AffiliateSaleRecorded', true],
      ['AffiliateSaleRefunded', true],
    ]);
    expect(events[6].data).toMatchObject({
      via: 'promocode',
      amount: 7573,
      soldAt: '2024-03-20T10:00:00.000Z',
    });
  });

  it('the affiliate (the account with the enrolled email) reads its months to the cent; a learner is no affiliate', async () => {
    affiliate = await signInFake(platform.url, { email: affiliateEmail });
    const answer = await dataOf(affiliate, lastPosition);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      isAffiliate: true,
      id: affiliateId,
      alias: 'clem',
      email: affiliateEmail.toLowerCase(),
      cutPerc: 20,
      cutFlat: null,
      isExpired: false,
      promocode: 'CLEM10',
    });
    const [jan, feb, mar, ...later] = answer.body.months;
    // 8415: fee 274.035, (8415 − 274.035) × 20 % = 1628.193; month 60 > 7: − 2 % = 1595.629 → 1596.
    expect(jan).toEqual({
      month: '2024-01',
      monthIndex: 60,
      sales: 1,
      grossCents: 1628,
      feeCents: 274,
      reductionCents: 32,
      earningsCents: 1596,
      status: 'In Progress',
    });
    expect(feb).toMatchObject({ month: '2024-02', sales: 0, earningsCents: 0, status: '—' });
    // 1628.193 × 6415 / 8415 (2000 refunded) + (7573 − 249.617) × 20 % = 2705.896 → 2706; − 2 % → 2652.
    expect(mar).toEqual({
      month: '2024-03',
      monthIndex: 62,
      sales: 2,
      grossCents: 2706,
      feeCents: 524,
      reductionCents: 54,
      earningsCents: 2652,
      status: 'In Progress',
    });
    expect(later.at(-1)?.month).toBe(monthOf(new Date()));
    expect(later.every((m) => m.earningsCents === 0 && m.status === '—')).toBe(true);

    const learner = await signInFake(platform.url);
    expect((await dataOf(learner)).body).toMatchObject({ isAffiliate: false, months: [] });
    const account = await call(platform.url, '/api/subscriptions/v2/affiliate-account/get', {
      json: {},
      token: learner.token,
    });
    expect(account.body).toMatchObject({ isAffiliate: false, alias: null });
  });

  it('a staff payout marks months Sent up to the paid one, once; a month not ended is a 400 appending nothing', async () => {
    const payouts = `/api/staff/v1/affiliates/${affiliateId}/payouts`;
    const before = await platform.countEvents();
    const current = await call<{ code: string }>(platform.url, payouts, {
      json: { month: monthOf(new Date()) },
      token: STAFF_TOKEN,
    });
    expect([current.status, current.body.code]).toEqual([400, 'AFFILIATE_MONTH_NOT_ENDED']);
    expect(await platform.countEvents()).toBe(before);

    const paid = await call<{ amount: number; alreadySent: boolean; position: string }>(
      platform.url,
      payouts,
      {
        json: { month: '2024-01' },
        token: STAFF_TOKEN,
      },
    );
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ amount: 1596, alreadySent: false });
    const again = await call<{ amount: number; alreadySent: boolean }>(platform.url, payouts, {
      json: { month: '2024-01' },
      token: STAFF_TOKEN,
    });
    expect(again.body).toMatchObject({ amount: 1596, alreadySent: true });
    expect(await platform.countEvents()).toBe(before + 1);

    const months = (await dataOf(affiliate, paid.body.position)).body.months;
    expect(months.slice(0, 3).map((m) => m.status)).toEqual(['Sent', '—', 'In Progress']);
    const last = await call(platform.url, '/api/subscriptions/v2/affiliate_payouts/last', {
      token: affiliate.token,
    });
    expect(last.body).toEqual({
      lastPayout: { month: '2024-01', amount: 1596, sentAt: expect.any(String) },
    });
  });

  it('daily tracking: today’s clicks, promo-code uses, sales per product, amount and cut; lookback out of range is a 400', async () => {
    await call(platform.url, '/api/subscriptions/v1/affiliates/tracking/click', { json: 'clem' });
    const today = await sale({ affiliateCode: 'clem' }, new Date().toISOString());
    const tracking = await call<{ lookback: number; days: TrackingDay[] }>(
      platform.url,
      '/api/subscriptions/v1/affiliates/tracking?lookback=7',
      { token: affiliate.token, headers: { 'x-min-position': today.position } },
    );
    expect(tracking.status).toBe(200);
    expect(tracking.body.days).toHaveLength(7);
    expect(tracking.body.days.at(-1)).toEqual({
      day: utcToday(),
      clicks: 1,
      // The CLEM10 checkout was paid today (its session back-dated): a promo-code use counts when paid.
      promocodeApplications: 1,
      sales: { algoexpert: 1, systemsexpert: 0, mlexpert: 0, bundle: 0, other: 0 },
      amount: 8415,
      cut: 1628,
    });
    for (const lookback of ['0', '367', 'week']) {
      const bad = await call<{ code: string }>(
        platform.url,
        `/api/subscriptions/v1/affiliates/tracking?lookback=${lookback}`,
        { token: affiliate.token },
      );
      expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('a partner reads its codes and their months summed; an unknown affiliate in a group is refused', async () => {
    const second = await enrol({ alias: 'erin', email: uniqueEmail(), cutFlat: 1000, promocode: 'ERIN' });
    const erinSale = await sale({ affiliateCode: 'erin' }, '2024-03-05T10:00:00Z');
    const partnerEmail = uniqueEmail('partner');
    const before = await platform.countEvents();
    const unknown = await call<{ code: string }>(platform.url, '/api/staff/v1/partners', {
      json: { email: partnerEmail, affiliateIds: [affiliateId, randomUUID()] },
      token: STAFF_TOKEN,
    });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'AFFILIATE_NOT_FOUND']);
    expect(await platform.countEvents()).toBe(before);
    const assigned = await call<{ position: string }>(platform.url, '/api/staff/v1/partners', {
      json: { email: partnerEmail, affiliateIds: [affiliateId, second.body.affiliateId] },
      token: STAFF_TOKEN,
    });
    expect(assigned.status).toBe(200);
    const partner = await signInFake(platform.url, { email: partnerEmail });
    const dashboard = await call<{
      isPartner: boolean;
      codes: { alias: string; months: { month: string; earningsCents: number }[] }[];
      months: { month: string; sales: number; earningsCents: number }[];
    }>(platform.url, '/api/subscriptions/v1/partners/dashboard', {
      token: partner.token,
      headers: { 'x-min-position': latestOf([assigned.body.position, erinSale.position]) },
    });
    expect(dashboard.body.isPartner).toBe(true);
    expect(dashboard.body.codes.map((c) => c.alias)).toEqual(['clem', 'erin']);
    // erin: a flat 1000 in 2024-03, less 2 % = 980; clem's March: 2652; summed 3632 over three sales.
    expect(dashboard.body.codes[1].months[0]).toMatchObject({ month: '2024-03', earningsCents: 980 });
    expect(dashboard.body.months.find((m) => m.month === '2024-03')).toEqual({
      month: '2024-03',
      sales: 3,
      grossCents: 2706 + 1000,
      earningsCents: 2652 + 980,
    });
    expect(dashboard.body.months[0]).toMatchObject({ month: '2024-01', earningsCents: 1596 });
    const learner = await signInFake(platform.url);
    const none = await call(platform.url, '/api/subscriptions/v1/partners/dashboard', {
      token: learner.token,
    });
    expect(none.body).toEqual({ isPartner: false, codes: [], months: [] });
  });

  let ravi: SignedInUser;
  it('a sale in rupees earns on its dollar value at the price list’s rate, in the months and the day’s tracking', async () => {
    const raviEmail = uniqueEmail('ravi');
    await enrol({ alias: 'ravi', email: raviEmail, cutPerc: 20, promocode: 'RAVI' });
    const today = await sale({ affiliateCode: 'ravi' }, new Date().toISOString(), 'IN');
    // ₹3,999.00 less the new account's 15 %: ₹3,399.15, charged in rupees.
    expect([today.amount, today.currency]).toEqual([339_915, 'inr']);
    const facts = (await affiliateEvents()).filter((e) => e.type === 'AffiliateSaleRecorded');
    // 339915 paise × 0.0113 = 3841.0395 → 3841 US cents (content/commerce/price-list.json's IN rate).
    expect(facts.at(-1)?.data).toMatchObject({ amount: 339_915, currency: 'inr', usdAmount: 3841 });
    ravi = await signInFake(platform.url, { email: raviEmail });
    const months = (await dataOf(ravi, today.position)).body.months;
    // Fee 0.029 × 3841 + 30 = 141.389; (3841 − 141.389) × 20 % = 739.9222; − 2 % = 725.12 → 725.
    expect(months.at(-1)).toMatchObject({
      month: monthOf(new Date()),
      sales: 1,
      grossCents: 740,
      feeCents: 141,
      earningsCents: 725,
      status: 'In Progress',
    });
    const tracking = await call<{ days: TrackingDay[] }>(
      platform.url,
      '/api/subscriptions/v1/affiliates/tracking?lookback=1',
      { token: ravi.token },
    );
    expect(tracking.body.days).toEqual([
      expect.objectContaining({ day: utcToday(), amount: 3841, cut: 740 }),
    ]);
  });

  it('rebuilt read models answer the same months', async () => {
    const live = (await dataOf(affiliate)).body;
    const liveRavi = (await dataOf(ravi)).body;
    await rebuildProjection(platform, 'affiliate-earnings');
    await rebuildProjection(platform, 'affiliate-tracking');
    expect((await dataOf(affiliate)).body).toEqual(live);
    expect((await dataOf(ravi)).body).toEqual(liveRavi);
    expect(live.months.slice(0, 3).map((m) => m.earningsCents)).toEqual([1596, 0, 2652]);
  });
});
