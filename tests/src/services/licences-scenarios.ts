import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { LICENCE_YEAR_MS, type LicenceState, licenceStreamId, userStreamId } from '@app/contracts';
import {
  type Answer,
  type Platform,
  STAFF_TOKEN,
  call,
  latestPosition,
  rebuildProjection,
  tableRows,
} from './platform-harness';
import { type SignedInUser, signInFake } from './identity-support';
import { chargeRefunded } from './stripe-support';

/*
 * Team licences end to end, through the gateway with real PostgreSQL and the real `stripe` package
 * against stripe-mock: a holder buys seats on the test payment page, makes keys, learners redeem them
 * and open a locked question. Written once and run by two suites: with the catch-up feed
 * (services/licences.test.ts) and with Kafka as the projections' feed (kafka/licences.test.ts).
 */

export const LOCKED_QUESTION = 'pair-with-sum';
export const FREE_QUESTION = 'mirror-tree';

export const priceList = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../../content/commerce/price-list.json'), 'utf8'),
) as {
  version: number;
  regions: { US: { products: Record<string, number> } };
  licences: { seatPercentOff: number };
};
const ALGO_SEAT =
  priceList.regions.US.products.algoexpert -
  Math.floor((priceList.regions.US.products.algoexpert * priceList.licences.seatPercentOff + 50) / 100);

type Ack = { position: string; code?: string; message?: string };
type Licence = { code: string; name: string; count: number; product: string; allowedProducts: string[] };

/** Publishes the repository's price list (the suites start without it). */
export async function publishPriceList(platform: Platform): Promise<void> {
  const published = await call(platform.url, '/api/staff/v1/price-list/publish', {
    json: priceList,
    token: STAFF_TOKEN,
  });
  expect(published.status).toBe(200);
}

/** The webhook secret both licence suites start their platform with (the refund is delivered signed). */
export const LICENCE_WEBHOOK_SECRET = `whsec_${randomUUID().replaceAll('-', '')}`;

export function licenceScenarios(get: () => Platform) {
  const url = () => get().url;
  const post = <T>(route: string, user: SignedInUser | null, json: unknown, position?: string) =>
    call<T & Ack>(url(), route, {
      json,
      ...(user ? { token: user.token } : {}),
      ...(position ? { headers: { 'x-min-position': position } } : {}),
    });

  /** The consistency token of a stream's latest event (the webhook's, once a checkout is paid). */
  async function streamHead(streamId: string): Promise<string> {
    const { rows } = await get().pool.query<{ p: string }>(
      `SELECT transaction_id::text || '.' || position AS p FROM es_events
        WHERE stream_id = $1 ORDER BY transaction_id DESC, position DESC LIMIT 1`,
      [streamId],
    );
    return rows[0]!.p;
  }

  /** The consistency token of the store's latest event. */
  async function storeHead(): Promise<string> {
    const { rows } = await get().pool.query<{ p: string }>(
      `SELECT transaction_id::text || '.' || position AS p FROM es_events
        ORDER BY transaction_id DESC, position DESC LIMIT 1`,
    );
    return rows[0]!.p;
  }

  const stateOf = (holder: SignedInUser, position: string) =>
    post<LicenceState>('/api/subscriptions/v2/licenses/get_license_state', holder, {}, position);

  /** Buys seats through the purchase call and pays them on the test payment page; answers the webhook's position. */
  async function buySeats(
    holder: SignedInUser,
    order:
      | { product: string; count: number }
      | { allowedProducts: string[]; count: number; isEnterprise?: boolean },
  ): Promise<string> {
    const v3 = 'allowedProducts' in order;
    const started = await post<{ checkoutUrl: string }>(
      `/api/subscriptions/${v3 ? 'v3' : 'v2'}/licenses/purchase`,
      holder,
      order,
    );
    expect(started.status).toBe(200);
    const paid = await fetch(`${started.body.checkoutUrl}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(/\/licenses\/manage\?purchase=cs_/);
    return streamHead(licenceStreamId(holder.userId));
  }

  const createKey = (holder: SignedInUser, body: Record<string, unknown>) =>
    post<{ license: Licence }>('/api/subscriptions/v2/licenses/create_license_key', holder, body);
  const applyKey = (learner: SignedInUser, keyCode: string) =>
    post<{ grantedProducts: string[] }>('/api/subscriptions/v2/licenses/apply_license_key', learner, {
      keyCode,
    });
  const openLocked = (learner: SignedInUser, position?: string) =>
    post<{ name: string }>(
      '/api/problems/v1/algoexpert/coding-questions/get',
      learner,
      { name: LOCKED_QUESTION },
      position,
    );
  const licenceEventCount = async (holder: SignedInUser) =>
    Number(
      (
        await get().pool.query('SELECT count(*) FROM es_events WHERE stream_id = $1', [
          licenceStreamId(holder.userId),
        ])
      ).rows[0].count,
    );

  it('prices a seat from the price list: the product’s base price less the licence discount', async () => {
    const answer = await post<{ offerings: Record<string, { basePrice: number; amountPer: number }> }>(
      '/api/subscriptions/v2/licenses/offerings/list',
      null,
      {},
      // The price list published as the suite started.
      await storeHead(),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.offerings.algoexpert).toMatchObject({
      basePrice: priceList.regions.US.products.algoexpert,
      amountPer: ALGO_SEAT,
    });
    expect(Object.keys(answer.body.offerings)).toContain('allaccess');
  });

  it('sells seats through checkout and the webhook: a licence charge, seats for a licence year, no ownership for the buyer', async () => {
    const holder = await signInFake(url());
    const position = await buySeats(holder, { product: 'algoexpert', count: 3 });
    const { rows } = await get().pool.query<{ type: string; data: Record<string, unknown> }>(
      `SELECT type, data FROM es_events
        WHERE stream_id = ANY($1) AND type NOT IN ('UserRegistered', 'UserSignedIn')
        ORDER BY transaction_id, position`,
      [[userStreamId(holder.userId), licenceStreamId(holder.userId)]],
    );
    expect(rows.map((r) => r.type)).toEqual(['CheckoutStarted', 'PurchaseCompleted', 'LicenceSeatsAdded']);
    expect(rows[0]!.data).toMatchObject({
      amount: 3 * ALGO_SEAT,
      licence: { seats: 3, isEnterprise: false },
    });
    expect(rows[1]!.data).toMatchObject({ licenceSeats: 3, products: ['algoexpert'] });
    const paidAt = Date.parse(String(rows[1]!.data.paidAt));
    expect(rows[2]!.data).toMatchObject({
      holderId: holder.userId,
      products: ['algoexpert'],
      seats: 3,
      expiresAt: new Date(paidAt + LICENCE_YEAR_MS).toISOString(),
    });

    const state = await stateOf(holder, position);
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({
      keyApplications: {},
      licenseKeys: {},
      unusedLicenses: { algoexpert: 3 },
    });
    const charges = await post<{ charges: unknown[]; licenseCharges: { id: string; amount: number }[] }>(
      '/api/subscriptions/v1/charges/get',
      holder,
      {},
      position,
    );
    expect(charges.body.charges).toEqual([]);
    expect(charges.body.licenseCharges).toEqual([expect.objectContaining({ amount: 3 * ALGO_SEAT })]);
    const chargeId = charges.body.licenseCharges[0]!.id;
    const receipt = await post<{ url: string }>('/api/subscriptions/v2/licenses/receipts/download', holder, {
      chargeId,
    });
    expect(receipt.status).toBe(200);
    const pdf = await fetch(`${url()}${receipt.body.url}`);
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    // The seats are the team's: the buyer owns nothing by buying them.
    const locked = await openLocked(holder, position);
    expect([locked.status, locked.body.code]).toEqual([403, 'PRODUCT_NOT_OWNED']);
    // A personal charge is not a licence charge.
    const other = await signInFake(url());
    const notTheirs = await post('/api/subscriptions/v2/licenses/receipts/download', other, { chargeId });
    expect(notTheirs.status).toBe(404);
  });

  it('v3 buys seats of several products at once, each product its own seats', async () => {
    const holder = await signInFake(url());
    const position = await buySeats(holder, {
      allowedProducts: ['systemsexpert', 'mlexpert'],
      count: 2,
      isEnterprise: true,
    });
    const state = await stateOf(holder, position);
    expect(state.body.unusedLicenses).toEqual({ systemsexpert: 2, mlexpert: 2 });
    const key = await createKey(holder, { name: 'ML team', count: 2, product: 'mlexpert' });
    expect(key.status).toBe(200);
    expect(key.body.license).toMatchObject({ product: 'mlexpert', isEnterprise: true, count: 2 });
  });

  it('keys: create, edit, redeem (locked question opens), a third learner refused, report, delete keeps access', async () => {
    const holder = await signInFake(url());
    await buySeats(holder, { product: 'algoexpert', count: 3 });
    const created = await createKey(holder, { name: 'Backend team', count: 2, product: 'algoexpert' });
    expect(created.status).toBe(200);
    const code = created.body.license.code;
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    let state = await stateOf(holder, created.body.position);
    expect(state.body.unusedLicenses).toEqual({ algoexpert: 1 });
    expect(state.body.licenseKeys.algoexpert).toEqual([
      {
        code,
        name: 'Backend team',
        count: 2,
        allowedProducts: ['algoexpert'],
        product: 'algoexpert',
        isEnterprise: false,
      },
    ]);

    const [ana, bo, cy] = await Promise.all([signInFake(url()), signInFake(url()), signInFake(url())]);
    const before = await openLocked(ana);
    expect([before.status, before.body.code]).toEqual([403, 'PRODUCT_NOT_OWNED']);
    const first = await applyKey(ana, code.toLowerCase());
    expect([first.status, first.body.grantedProducts]).toEqual([200, ['algoexpert']]);
    // The web decides ownership from the subscriptions: the key's products are active there.
    const subscriptions = await call<{ subscriptions: { product: string; status: string }[] }>(
      url(),
      '/api/subscriptions/v2/subscriptions/get',
      { token: ana.token, headers: { 'x-min-position': first.body.position } },
    );
    expect(subscriptions.body.subscriptions).toEqual([{ product: 'algoexpert', status: 'active' }]);
    const opened = await openLocked(ana, first.body.position);
    expect([opened.status, opened.body.name]).toEqual([200, 'Pair With Sum']);
    const twice = await applyKey(ana, code);
    expect([twice.status, twice.body.code]).toEqual([409, 'LICENCE_KEY_ALREADY_APPLIED']);
    expect((await applyKey(bo, code)).status).toBe(200);
    const third = await applyKey(cy, code);
    expect(third.status).toBe(409);
    expect(third.body).toEqual({
      code: 'LICENCE_KEY_EXHAUSTED',
      message: 'This licence key has already been used the maximum number of times (2).',
    });
    expect((await openLocked(cy)).status).toBe(403);

    // Max uses cannot drop below the redemptions; raising them takes the unused seat.
    const lower = await post('/api/subscriptions/v2/licenses/edit_license_key', holder, { code, count: 1 });
    expect([lower.status, lower.body.code]).toEqual([409, 'LICENCE_COUNT_BELOW_REDEMPTIONS']);
    const tooMany = await post('/api/subscriptions/v2/licenses/edit_license_key', holder, { code, count: 4 });
    expect([tooMany.status, tooMany.body.code]).toEqual([409, 'LICENCE_NOT_ENOUGH_SEATS']);
    const raised = await post<{ license: Licence }>(
      '/api/subscriptions/v2/licenses/edit_license_key',
      holder,
      {
        code,
        count: 3,
        name: 'Platform team',
      },
    );
    expect([raised.status, raised.body.license.count, raised.body.license.name]).toEqual([
      200,
      3,
      'Platform team',
    ]);
    state = await stateOf(holder, raised.body.position);
    expect(state.body.unusedLicenses).toEqual({ algoexpert: 0 });
    expect(state.body.keyApplications[code]!.map((a) => a.userId)).toEqual([ana.userId, bo.userId]);

    const report = await post<{ stats: Record<string, unknown> }>(
      '/api/users/v1/license-report/get',
      holder,
      { keyCode: code },
      raised.body.position,
    );
    expect(report.status).toBe(200);
    expect(report.body.stats).toMatchObject({
      keyCode: code,
      maxUses: 3,
      redeemed: 2,
      remaining: 1,
      byProduct: { algoexpert: 2 },
    });
    const notHolder = await post('/api/users/v1/license-report/get', ana, { keyCode: code });
    expect([notHolder.status, notHolder.body.code]).toEqual([400, 'LICENCE_KEY_UNKNOWN']);

    // Deleting returns only the unredeemed seat; those who redeemed keep their access.
    const deleted = await post('/api/subscriptions/v2/licenses/delete_license_key', holder, { code });
    expect(deleted.status).toBe(200);
    state = await stateOf(holder, deleted.body.position);
    expect(state.body.unusedLicenses).toEqual({ algoexpert: 1 });
    expect(state.body.licenseKeys).toEqual({});
    expect(state.body.seats).toEqual([
      expect.objectContaining({ product: 'algoexpert', total: 3, unused: 1, redeemed: 2 }),
    ]);
    expect((await openLocked(bo)).status).toBe(200);
    const gone = await applyKey(cy, code);
    expect([gone.status, gone.body.code]).toEqual([400, 'LICENCE_KEY_UNKNOWN']);
  });

  it('refuses bad input with 400 and a code, appending nothing', async () => {
    const holder = await signInFake(url());
    await buySeats(holder, { product: 'algoexpert', count: 2 });
    const before = await get().countEvents();
    const refusals: [Answer<Ack>, number, string][] = [
      [await applyKey(holder, 'NOPE-NOPE-NOPE-NOPE'), 400, 'LICENCE_KEY_UNKNOWN'],
      [await applyKey(holder, '   '), 400, 'VALIDATION_FAILED'],
      [await createKey(holder, { name: '  ', count: 1, product: 'algoexpert' }), 400, 'VALIDATION_FAILED'],
      [await createKey(holder, { name: 'x', count: 0, product: 'algoexpert' }), 400, 'VALIDATION_FAILED'],
      [await createKey(holder, { name: 'x', count: -3, product: 'algoexpert' }), 400, 'VALIDATION_FAILED'],
      [await createKey(holder, { name: 'x', count: 1, product: 'goldexpert' }), 400, 'VALIDATION_FAILED'],
      [
        await createKey(holder, { name: 'x', count: 1, product: 'mlexpert' }),
        400,
        'LICENCE_PRODUCT_NOT_LICENSED',
      ],
      [
        await createKey(holder, { name: 'x', count: 3, product: 'algoexpert' }),
        409,
        'LICENCE_NOT_ENOUGH_SEATS',
      ],
      [
        await post('/api/subscriptions/v2/licenses/edit_license_key', holder, { code: 'NOPE', name: 'y' }),
        400,
        'LICENCE_KEY_UNKNOWN',
      ],
      [
        await post('/api/subscriptions/v2/licenses/delete_license_key', holder, { code: 'NOPE' }),
        400,
        'LICENCE_KEY_UNKNOWN',
      ],
      [
        await post('/api/subscriptions/v2/licenses/purchase', holder, { product: 'algoexpert', count: 0 }),
        400,
        'VALIDATION_FAILED',
      ],
      [
        await post('/api/subscriptions/v2/licenses/apply_license_key', null, { keyCode: 'X' }),
        401,
        'UNAUTHENTICATED',
      ],
    ];
    expect(refusals.map(([a]) => [a.status, a.body.code])).toEqual(refusals.map(([, s, c]) => [s, c]));
    expect(await get().countEvents()).toBe(before);
  });

  it('50 learners redeeming a 10-use key at once: exactly 10 redemptions and 40 clear refusals', async () => {
    const holder = await signInFake(url());
    await buySeats(holder, { product: 'algoexpert', count: 10 });
    const created = await createKey(holder, { name: 'Cohort', count: 10, product: 'algoexpert' });
    expect(created.status).toBe(200);
    const learners: SignedInUser[] = [];
    for (let i = 0; i < 50; i += 10)
      learners.push(...(await Promise.all(Array.from({ length: 10 }, () => signInFake(url())))));
    const answers = await Promise.all(learners.map((l) => applyKey(l, created.body.license.code)));
    const admitted = answers.filter((a) => a.status === 200);
    expect(answers.filter((a) => a.status !== 200 && a.status !== 409)).toEqual([]);
    expect(admitted).toHaveLength(10);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(
      Array(40).fill('LICENCE_KEY_EXHAUSTED'),
    );
    const position = latestPosition(admitted.map((a) => a.body.position));
    const state = await stateOf(holder, position);
    expect(state.body.keyApplications[created.body.license.code]).toHaveLength(10);
    expect(state.body.unusedLicenses).toEqual({ algoexpert: 0 });
    const owners = learners.filter((_, i) => answers[i]!.status === 200);
    const opened = await Promise.all(owners.slice(0, 3).map((l) => openLocked(l, position)));
    expect(opened.map((o) => o.status)).toEqual([200, 200, 200]);
  });

  it('20 parallel key creations against 100 unused seats never overdraw', async () => {
    const holder = await signInFake(url());
    await buySeats(holder, { product: 'algoexpert', count: 100 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createKey(holder, { name: `Team ${i}`, count: 7, product: 'algoexpert' }),
      ),
    );
    const created = answers.filter((a) => a.status === 200);
    // 14 keys of 7 take 98 seats; the 15th would need 105.
    expect(created).toHaveLength(14);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(
      Array(6).fill('LICENCE_NOT_ENOUGH_SEATS'),
    );
    const state = await stateOf(holder, latestPosition(created.map((a) => a.body.position)));
    expect(state.body.unusedLicenses).toEqual({ algoexpert: 2 });
    expect(state.body.licenseKeys.algoexpert).toHaveLength(14);
    expect(await licenceEventCount(holder)).toBe(1 + 14);
  });

  it('a full refund of a licence purchase takes its seats back: unused first, then unredeemed key uses; redeemed access stays', async () => {
    const holder = await signInFake(url());
    await buySeats(holder, { product: 'algoexpert', count: 3 });
    const created = await createKey(holder, { name: 'Refunded team', count: 2, product: 'algoexpert' });
    expect(created.status).toBe(200);
    const learner = await signInFake(url());
    const applied = await applyKey(learner, created.body.license.code);
    expect(applied.status).toBe(200);
    const { rows } = await get().pool.query<{ charge_id: string }>(
      'SELECT charge_id FROM billing_purchases WHERE user_id = $1',
      [holder.userId],
    );
    const payload = JSON.stringify(chargeRefunded(rows[0]!.charge_id, 3 * ALGO_SEAT, true));
    const deliver = () =>
      call<{ outcome: string; position: string }>(url(), '/api/subscriptions/v1/stripe/webhook', {
        raw: payload,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: LICENCE_WEBHOOK_SECRET,
          }),
        },
      });
    const refunded = await deliver();
    expect([refunded.status, refunded.body.outcome]).toEqual([200, 'refunded']);
    // 1 unused seat, then the key's 1 unredeemed use; the redeemed seat stays (and its access).
    const state = await stateOf(holder, refunded.body.position);
    expect(state.body.unusedLicenses).toEqual({ algoexpert: 0 });
    expect(state.body.licenseKeys.algoexpert).toEqual([expect.objectContaining({ count: 1 })]);
    expect((await openLocked(learner, refunded.body.position)).status).toBe(200);
    const another = await signInFake(url());
    const refused = await applyKey(another, created.body.license.code);
    expect([refused.status, refused.body.code]).toEqual([409, 'LICENCE_KEY_EXHAUSTED']);
    // Stripe delivering the refund again takes nothing more.
    const events = await licenceEventCount(holder);
    expect((await deliver()).body.outcome).toBe('duplicate');
    expect(await licenceEventCount(holder)).toBe(events);
  });

  it('the licences read model rebuilt from the events holds the same rows as the live one', async () => {
    const tables = ['rm_licence_books', 'rm_licence_key_holders'];
    // The live rows once the read model has every event appended so far.
    const anyone = await signInFake(url());
    expect((await stateOf(anyone, await storeHead())).status).toBe(200);
    const live = await tableRows(get(), tables);
    expect(live.rm_licence_books!.length).toBeGreaterThan(3);
    await rebuildProjection(get(), 'licences', 60_000);
    expect(await tableRows(get(), tables)).toEqual(live);
  });
}
