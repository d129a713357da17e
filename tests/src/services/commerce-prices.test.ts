import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  DomainError,
  type OfferingsReply,
  type PriceList,
  type Role,
  priceListSchema,
  priceOffering,
  pricingRegion,
  promoCodeStreamId,
  readPaymentToken,
} from '@app/contracts';
import { PgEventStore } from '@app/server-kit';
import { type Platform, STAFF_TOKEN, call, startPlatform } from './platform-harness';
import { type SignedInUser, signInFake, signInWithRoles } from './identity-support';
import { fixtureContent } from './content-support';
import { PriceListRepository } from '../../../command-service/src/commerce/price-list/price-list.repository';
import { PromoCodesRepository } from '../../../command-service/src/commerce/promo-codes/promo-codes.repository';
import { BuyersRepository } from '../../../command-service/src/commerce/buyers.repository';

/*
 * Prices end to end through the gateway: the content's price list published at start, staff
 * publishing a new version and managing promo codes, and the three offerings calls pricing each
 * caller (region, owned products, student role, new account) with the promo code asked for, which
 * never fails the call: a code that cannot be used is reported in promoCodeError.
 */

const shipped: PriceList = priceListSchema.parse(
  JSON.parse(fs.readFileSync(path.join(__dirname, '../../../content/commerce/price-list.json'), 'utf8')),
);
const content = fixtureContent(['mirror-tree'], { free: ['mirror-tree'] });
fs.mkdirSync(path.join(content.dir, 'commerce'));
fs.writeFileSync(path.join(content.dir, 'commerce', 'price-list.json'), JSON.stringify(shipped));

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform({ env: { PUBLISH_CONTENT: 'true', CONTENT_DIR: content.dir } });
}, 120_000);
afterAll(async () => {
  await platform?.close();
  content.remove();
});

const OFFERINGS = '/api/subscriptions/v3/offerings/get';
const PLATFORM_OFFERINGS = '/api/subscriptions/v3/platform-offerings/get';
const TRIPLE_OFFERINGS = '/api/subscriptions/v3/triple-offerings/get';
const PUBLISH = '/api/staff/v1/price-list/publish';
const PROMO = '/api/staff/v1/promo-codes';
const EXPIRE = '/api/staff/v1/promo-codes/expire';
const REGION = '/api/users/v1/pricing-region/set';

/** The store's head: a read after it sees every write so far. */
async function head(): Promise<string> {
  const { rows } = await platform.pool.query<{ p: string }>(
    `SELECT transaction_id::text || '.' || position AS p FROM es_events ORDER BY transaction_id DESC, position DESC LIMIT 1`,
  );
  return rows[0]?.p ?? '0.0';
}

async function offerings(
  body: Record<string, string> = {},
  options: { token?: string; path?: string } = {},
): Promise<OfferingsReply> {
  const answer = await call<OfferingsReply>(platform.url, options.path ?? OFFERINGS, {
    json: body,
    token: options.token,
    headers: { 'x-min-position': await head() },
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function createCode(terms: Record<string, unknown>): Promise<string> {
  const code = `T${randomUUID().slice(0, 8).toUpperCase()}`;
  const answer = await call<{ code: string }>(platform.url, PROMO, {
    json: { code: code.toLowerCase(), ...terms },
    token: STAFF_TOKEN,
  });
  expect([answer.status, answer.body.code]).toEqual([200, code]);
  return code;
}

const amount = (reply: OfferingsReply, key: string) => reply.offerings[key]!.amountPer;

describe('the price list', () => {
  it('is published at start from the content folder, and anonymous visitors get its prices', async () => {
    const reply = await offerings();
    expect(reply).toMatchObject({
      status: 'succeeded',
      priceRegion: 'US',
      currency: 'usd',
      priceVersion: shipped.version,
      marketingChannel: null,
      promoCodeError: null,
      promotion: null,
    });
    expect(readPaymentToken(reply.paymentToken!)).toEqual({ priceVersion: shipped.version, region: 'US' });
    expect(reply.offerings['tech-interview']).toEqual({
      products: ['algoexpert', 'systemsexpert'],
      priceShares: [
        { product: 'algoexpert', basePrice: 9900, sharePercent: 55.62 },
        { product: 'systemsexpert', basePrice: 7900, sharePercent: 44.38 },
      ],
      discounts: {
        holiday: { amount: 0 },
        loyalty: { amount: 0 },
        student: { amount: 0 },
        bundle: { amount: 2900 },
        exploding: { amount: 0 },
        proration: { amount: 0 },
        promo: { amount: 0 },
      },
      basePrice: 17800,
      amountPer: 14900,
    });
    expect(amount(reply, 'allaccess')).toBe(19900);
    expect(Object.keys(reply.offerings)).toHaveLength(7 + 21 + shipped.bundles.length + 1);
  });

  it('the platform and triple listings answer their offerings only', async () => {
    const plans = await offerings({}, { path: PLATFORM_OFFERINGS });
    expect(Object.keys(plans.offerings)).toHaveLength(7 + 21 + 1);
    expect(amount(plans, 'double:algoexpert+systemsexpert')).toBe(17800 - 2670);
    const triples = await offerings({}, { path: TRIPLE_OFFERINGS });
    expect(Object.keys(triples.offerings).sort()).toEqual(
      ['backend-interview', 'fullstack-interview', 'infra-interview', 'ml-interview'].sort(),
    );
  });

  it('staff publish a new version: offerings use it at once; the same version again changes nothing; an older one is refused', async () => {
    const next = structuredClone(shipped);
    next.version = shipped.version + 1;
    next.bundles.find((b) => b.id === 'tech-interview')!.prices.US = 13900;
    const published = await call<{ position: string; version: number }>(platform.url, PUBLISH, {
      json: next,
      token: STAFF_TOKEN,
    });
    expect([published.status, published.body.version]).toEqual([200, next.version]);
    const reply = await offerings();
    expect([reply.priceVersion, amount(reply, 'tech-interview')]).toEqual([next.version, 13900]);
    expect(readPaymentToken(reply.paymentToken!)?.priceVersion).toBe(next.version);

    const before = await platform.countEvents();
    expect((await call(platform.url, PUBLISH, { json: next, token: STAFF_TOKEN })).status).toBe(200);
    const older = await call<{ code: string }>(platform.url, PUBLISH, { json: shipped, token: STAFF_TOKEN });
    expect([older.status, older.body.code]).toEqual([409, 'WRONG_EXPECTED_VERSION']);
    expect(await platform.countEvents()).toBe(before);
    // The command side prices purchases with the same list.
    expect((await new PriceListRepository(platform.pool).currentPriceList()).version).toBe(next.version);
  });

  it('a list that does not hold together is refused, and only staff publish', async () => {
    const broken = { ...shipped, version: 9, defaultRegion: 'ZZ' };
    const refused = await call<{ code: string }>(platform.url, PUBLISH, { json: broken, token: STAFF_TOKEN });
    expect([refused.status, refused.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const learner = await signInFake(platform.url);
    const next = { ...shipped, version: 9 };
    expect((await call(platform.url, PUBLISH, { json: next, token: learner.token })).status).toBe(403);
    expect((await call(platform.url, PUBLISH, { json: next })).status).toBe(401);
  });
});

describe('prices for each buyer', () => {
  let learner: SignedInUser;
  beforeAll(async () => {
    learner = await signInFake(platform.url);
  });

  it('a new account gets the exploding offer with its countdown', async () => {
    const reply = await offerings({}, { token: learner.token });
    expect(reply.promotion).toMatchObject({ kind: 'exploding', percent: 15 });
    const endsIn = Date.parse(reply.promotion!.endsAt) - Date.now();
    expect(endsIn).toBeGreaterThan(47 * 3_600_000);
    expect(endsIn).toBeLessThanOrEqual(48 * 3_600_000);
    // 9900 * 15% = 1485.
    expect(reply.offerings.algoexpert!.discounts.exploding.amount).toBe(1485);
    expect(amount(reply, 'algoexpert')).toBe(8415);
  });

  it('the command side sees the same buyer, so a purchase prices as the offerings showed', async () => {
    const { rows } = await platform.pool.query<{ roles: Role[] }>(
      'SELECT roles FROM identity_users WHERE user_id = $1',
      [learner.userId],
    );
    const principal = {
      kind: 'user' as const,
      userId: learner.userId,
      sessionId: randomUUID(),
      roles: rows[0]!.roles,
      products: [],
      region: null,
    };
    const { buyer, region } = await new BuyersRepository(platform.pool).pricingBuyer(principal);
    const priceList = await new PriceListRepository(platform.pool).currentPriceList();
    const priced = priceOffering({
      priceList,
      offering: 'tech-interview',
      region: pricingRegion(priceList, region),
      buyer,
      promo: null,
      now: new Date(),
    })!;
    const reply = await offerings({}, { token: learner.token });
    expect(priced.offering).toEqual(reply.offerings['tech-interview']);
    expect(priced.offering.discounts.exploding.amount).toBeGreaterThan(0);
  });

  it('a student gets the student discount after the exploding offer', async () => {
    const student = await signInWithRoles(platform.url, ['student'], 'student');
    const reply = await offerings({}, { token: student.token });
    // 9900 - 1485 = 8415; 20% of it = 1683.
    expect(reply.offerings.algoexpert!.discounts.student.amount).toBe(1683);
    expect(amount(reply, 'algoexpert')).toBe(6732);
  });

  it('an owner gets loyalty on other products and proration on bundles holding what they own', async () => {
    const owner = await signInWithRoles(platform.url, ['premiumv1'], 'owner');
    const reply = await offerings({}, { token: owner.token });
    // systemsexpert: 7900 - 15% (1185) = 6715; loyalty 10% = 671.5 -> 672.
    expect(reply.offerings.systemsexpert!.discounts.loyalty.amount).toBe(672);
    // tech-interview (v2: 13900): algoexpert's share 13900 * 9900 / 17800 = 7731.01 -> 7731.
    expect(reply.offerings['tech-interview']!.discounts.proration.amount).toBe(7731);
    expect(reply.offerings['tech-interview']!.discounts.loyalty.amount).toBe(0);
  });

  it("the profile's region picks the region's prices and currency; an unknown region falls back to the default", async () => {
    const indian = await signInFake(platform.url);
    await platform.pool.query("UPDATE identity_profiles SET region = 'IN' WHERE user_id = $1", [
      indian.userId,
    ]);
    const reply = await offerings({}, { token: indian.token });
    expect([reply.priceRegion, reply.currency]).toEqual(['IN', 'inr']);
    expect(reply.offerings.algoexpert!.basePrice).toBe(399900);
    expect(readPaymentToken(reply.paymentToken!)?.region).toBe('IN');
    await platform.pool.query("UPDATE identity_profiles SET region = 'FR' WHERE user_id = $1", [
      indian.userId,
    ]);
    expect((await offerings({}, { token: indian.token })).priceRegion).toBe('US');
  });

  it('an account chooses its region (an event on its stream, the profile at once); a region without prices is refused', async () => {
    const learner = await signInFake(platform.url);
    const before = await offerings({}, { token: learner.token });
    expect(before.priceRegion).toBe('US');
    expect(before.regions).toEqual([
      { code: 'EU', currency: 'eur' },
      { code: 'IN', currency: 'inr' },
      { code: 'US', currency: 'usd' },
    ]);
    const chosen = await call<{ position: string; region: string }>(platform.url, REGION, {
      json: { region: 'eu' },
      token: learner.token,
    });
    expect([chosen.status, chosen.body.region]).toEqual([200, 'EU']);
    const events = await new PgEventStore(platform.pool).readStream(`user-${learner.userId}`);
    expect(events.at(-1)).toMatchObject({
      type: 'PricingRegionSet',
      data: { userId: learner.userId, region: 'EU' },
    });
    const after = await offerings({}, { token: learner.token });
    expect([after.priceRegion, after.currency, after.offerings.algoexpert!.basePrice]).toEqual([
      'EU',
      'eur',
      8900,
    ]);
    const me = await call<{ region: string | null }>(platform.url, '/api/users/v1/userinfo/get', {
      json: {},
      token: learner.token,
    });
    expect(me.body.region).toBe('EU');

    const count = await platform.countEvents();
    for (const [body, status, code] of [
      [{ region: 'BR' }, 400, 'PRICING_REGION_UNKNOWN'],
      [{ region: 'Europe' }, 400, 'VALIDATION_FAILED'],
      [{}, 400, 'VALIDATION_FAILED'],
    ] as const) {
      const refused = await call<{ code: string; message: string }>(platform.url, REGION, {
        json: body,
        token: learner.token,
      });
      expect([refused.status, refused.body.code]).toEqual([status, code]);
      expect(refused.body.message).toBeTruthy();
    }
    expect((await call(platform.url, REGION, { json: { region: 'IN' } })).status).toBe(401);
    expect(await platform.countEvents()).toBe(count);
    expect((await offerings({}, { token: learner.token })).priceRegion).toBe('EU');
  });
});

describe('promo codes', () => {
  it('a percentage code applies to every offering, matched regardless of case', async () => {
    const code = await createCode({ percentOff: 10 });
    const reply = await offerings({ promocode: code.toLowerCase() });
    expect(reply.promoCodeError).toBeNull();
    expect(reply.marketingChannel).toBe('promocode');
    expect(reply.offerings.algoexpert!.discounts.promo!.amount).toBe(990);
    expect(amount(reply, 'algoexpert')).toBe(8910);
    expect(
      await new PromoCodesRepository(platform.pool).promoCodeTerms(code, {
        userId: null,
        region: 'US',
        now: new Date(),
      }),
    ).toEqual({ code, percentOff: 10, amountOff: null, region: null });
  });

  it('an amount code of a region takes its cents off there', async () => {
    const code = await createCode({ amountOff: 2500, region: 'us' });
    const reply = await offerings({ promocode: code });
    expect(amount(reply, 'algoexpert')).toBe(7400);
  });

  type Refused = [
    string,
    () => Promise<{ code: string; token?: string; userId?: string | null; region?: string }>,
  ];
  const refusals: [string, Refused[1]][] = [
    ['SUBSCRIPTIONS_BAD_PROMOCODE', async () => ({ code: 'NO-SUCH-CODE' })],
    [
      'SUBSCRIPTIONS_EXPIRED_PROMOCODE',
      async () => ({ code: await createCode({ percentOff: 10, expiresAt: '2020-01-01T00:00:00Z' }) }),
    ],
    [
      'SUBSCRIPTIONS_EXPIRED_PROMOCODE',
      async () => {
        const code = await createCode({ percentOff: 10 });
        expect((await call(platform.url, EXPIRE, { json: { code }, token: STAFF_TOKEN })).status).toBe(200);
        return { code };
      },
    ],
    [
      'SUBSCRIPTIONS_EXPIRED_PROMOCODE',
      async () => {
        const code = await createCode({ percentOff: 10, useLimit: 1 });
        // What fulfilment appends when a paid checkout used the code.
        await new PgEventStore(platform.pool).append(
          promoCodeStreamId(code),
          [{ type: 'PromoCodeRedeemed', data: { code, userId: randomUUID(), purchaseId: 'cs_used' } }],
          { actor: { kind: 'system', id: 'test' } },
        );
        return { code };
      },
    ],
    [
      'SUBSCRIPTIONS_OWN_PROMOCODE',
      async () => {
        const affiliate = await signInFake(platform.url);
        const code = await createCode({ percentOff: 10, ownerUserId: affiliate.userId });
        return { code, token: affiliate.token, userId: affiliate.userId };
      },
    ],
    [
      'SUBSCRIPTIONS_PROMOCODE_FAILED',
      async () => ({ code: await createCode({ percentOff: 10, region: 'IN' }) }),
    ],
  ];

  it.each(refusals)(
    'a code refused with %s still answers the offerings, priced without it, and says why',
    async (errorCode, given) => {
      const { code, token, userId } = await given();
      const plain = await offerings({}, { token });
      const reply = await offerings({ promocode: code }, { token });
      expect(reply.promoCodeError?.code).toBe(errorCode);
      expect(reply.promoCodeError?.message).toEqual(expect.any(String));
      expect(reply.offerings).toEqual(plain.offerings);
      // The command side refuses the same code with the typed error.
      const refusal = await new PromoCodesRepository(platform.pool)
        .promoCodeTerms(code, { userId: userId ?? null, region: 'US', now: new Date() })
        .catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DomainError);
      expect((refusal as DomainError).code).toBe(errorCode);
    },
  );

  it("another buyer may use an affiliate's code; the region's buyers may use its region's code", async () => {
    const affiliate = await signInFake(platform.url);
    const code = await createCode({ percentOff: 10, ownerUserId: affiliate.userId });
    expect((await offerings({ promocode: code })).promoCodeError).toBeNull();
    const regional = await createCode({ percentOff: 10, region: 'IN' });
    const indian = await signInFake(platform.url);
    await platform.pool.query("UPDATE identity_profiles SET region = 'IN' WHERE user_id = $1", [
      indian.userId,
    ]);
    const reply = await offerings({ promocode: regional }, { token: indian.token });
    expect(reply.promoCodeError).toBeNull();
    expect(reply.offerings.algoexpert!.discounts.promo!.amount).toBeGreaterThan(0);
  });

  it('creating: exactly one of percent and amount, an amount with its region, a code once; expiring an unknown code is not found', async () => {
    const refused = async (json: Record<string, unknown>) =>
      (await call<{ code: string }>(platform.url, PROMO, { json, token: STAFF_TOKEN })).body.code;
    expect(await refused({ code: 'BOTH', percentOff: 10, amountOff: 100, region: 'US' })).toBe(
      'VALIDATION_FAILED',
    );
    expect(await refused({ code: 'NEITHER' })).toBe('VALIDATION_FAILED');
    expect(await refused({ code: 'NOREGION', amountOff: 100 })).toBe('VALIDATION_FAILED');
    const code = await createCode({ percentOff: 10 });
    // The same terms again are a success that appends nothing; other terms are a conflict.
    const before = await platform.countEvents();
    expect(
      (await call(platform.url, PROMO, { json: { code, percentOff: 10 }, token: STAFF_TOKEN })).status,
    ).toBe(200);
    expect(await refused({ code, percentOff: 50 })).toBe('WRONG_EXPECTED_VERSION');
    expect(await platform.countEvents()).toBe(before);
    const unknown = await call<{ code: string }>(platform.url, EXPIRE, {
      json: { code: 'GHOST' },
      token: STAFF_TOKEN,
    });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
    const learner = await signInFake(platform.url);
    expect(
      (await call(platform.url, PROMO, { json: { code: 'MINE', percentOff: 10 }, token: learner.token }))
        .status,
    ).toBe(403);
  });
});
