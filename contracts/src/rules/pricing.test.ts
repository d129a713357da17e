import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ALL_ACCESS_OFFERING,
  checkPromoCode,
  doubleOfferingKey,
  explodingOfferEndsAt,
  formatPrice,
  listOfferingKeys,
  percentOf,
  priceListSchema,
  priceOffering,
  pricingRegion,
  readPaymentToken,
  type PriceList,
  type PricingBuyer,
  type PromoCodeState,
  type PromoCodeTerms,
} from './pricing';
import { offeringSchema } from '../api/billing';

/** A small list with round numbers, so every expected cent below can be checked by hand. */
const list: PriceList = priceListSchema.parse({
  version: 7,
  defaultRegion: 'US',
  regions: {
    US: {
      currency: 'usd',
      products: {
        algoexpert: 10000,
        systemsexpert: 8000,
        mlexpert: 6000,
        frontendexpert: 6000,
        infraexpert: 5000,
        blockchainexpert: 3000,
      },
    },
    IN: {
      currency: 'inr',
      products: {
        algoexpert: 300000,
        systemsexpert: 200000,
        mlexpert: 100000,
        frontendexpert: 100000,
        infraexpert: 100000,
        blockchainexpert: 100000,
      },
    },
  },
  singles: ['algoexpert', 'systemsexpert', 'mlexpert'],
  plans: {
    double: { percentOff: 15 },
    allAccess: { title: 'Ultimate Bundle', prices: { US: 20000, IN: 500000 } },
  },
  bundles: [
    {
      id: 'tech-interview',
      title: 'Tech',
      products: ['algoexpert', 'systemsexpert'],
      prices: { US: 15000, IN: 400000 },
    },
    {
      id: 'ml-interview',
      title: 'ML',
      products: ['algoexpert', 'mlexpert', 'systemsexpert'],
      prices: { US: 19999, IN: 500000 },
    },
  ],
  discounts: {
    studentPercent: 20,
    loyaltyPercent: 10,
    holidays: [
      { name: 'Holiday sale', startsAt: '2024-12-16T00:00:00Z', endsAt: '2025-01-01T00:00:00Z', percent: 25 },
      { name: 'Spring sale', startsAt: '2024-05-20T00:00:00Z', endsAt: '2024-05-28T00:00:00Z', percent: 10 },
    ],
    exploding: { percent: 15, hours: 48 },
  },
});

const plainDay = new Date('2024-08-01T12:00:00Z');
const visitor: PricingBuyer = { ownedProducts: [], isStudent: false, firstSeenAt: null };
const price = (
  offering: string,
  over: Partial<{ buyer: Partial<PricingBuyer>; promo: PromoCodeTerms; now: Date; region: string }> = {},
) =>
  priceOffering({
    priceList: list,
    offering,
    region: over.region ?? 'US',
    buyer: { ...visitor, ...over.buyer },
    promo: over.promo ?? null,
    now: over.now ?? plainDay,
  });
const discountsOf = (offering: string, over: Parameters<typeof price>[1] = {}): Record<string, number> => {
  const d = price(offering, over)!.offering.discounts;
  return Object.fromEntries(Object.entries(d).map(([k, v]) => [k, v?.amount ?? 0]));
};
const none = { holiday: 0, loyalty: 0, student: 0, bundle: 0, exploding: 0, proration: 0, promo: 0 };

describe('the shipped price list', () => {
  it('is valid and names every bundle of the catalogue in three regions', () => {
    const shipped = priceListSchema.parse(
      JSON.parse(readFileSync(join(__dirname, '../../../content/commerce/price-list.json'), 'utf8')),
    );
    expect(Object.keys(shipped.regions).sort()).toEqual(['EU', 'IN', 'US']);
    expect(shipped.bundles.map((b) => b.id)).toContain('tech-interview');
    for (const region of Object.keys(shipped.regions)) {
      for (const key of listOfferingKeys(shipped, 'all')) {
        const priced = priceOffering({
          priceList: shipped,
          offering: key,
          region,
          buyer: visitor,
          promo: null,
          now: plainDay,
        })!;
        expect(offeringSchema.parse(priced.offering)).toEqual(priced.offering);
        // Every bundle costs less than its parts.
        if (priced.offering.products.length > 1)
          expect(priced.offering.discounts.bundle.amount).toBeGreaterThan(0);
      }
    }
  });

  it('refuses a list whose bundle lacks a region price or names a product without a base price', () => {
    const broken = structuredClone(list) as PriceList;
    broken.bundles[0]!.prices = { US: 1 };
    expect(priceListSchema.safeParse(broken).success).toBe(false);
    const noBase = structuredClone(list) as PriceList;
    noBase.bundles[0]!.products = ['algoexpert', 'iosexpert'];
    expect(priceListSchema.safeParse(noBase).error?.issues[0]?.message).toBe(
      'iosexpert has no base price in US.',
    );
  });
});

describe('offering keys', () => {
  it('lists the plans, the triples and everything', () => {
    expect(listOfferingKeys(list, 'platform')).toEqual([
      'algoexpert',
      'systemsexpert',
      'mlexpert',
      'double:algoexpert+systemsexpert',
      'double:algoexpert+mlexpert',
      'double:systemsexpert+mlexpert',
      ALL_ACCESS_OFFERING,
    ]);
    expect(listOfferingKeys(list, 'triple')).toEqual(['ml-interview']);
    expect(listOfferingKeys(list, 'all')).toHaveLength(9);
    expect(doubleOfferingKey('mlexpert', 'algoexpert')).toBe('double:algoexpert+mlexpert');
  });

  it('answers null for an unknown key, a product not sold alone and a double written backwards', () => {
    expect(price('no-such-bundle')).toBeNull();
    expect(price('infraexpert')).toBeNull();
    expect(price('double:mlexpert+algoexpert')).toBeNull();
    expect(price('double:algoexpert+algoexpert')).toBeNull();
    expect(price('algoexpert', { region: 'ZZ' })).toBeNull();
  });

  it('prices in the region asked for, falling back to the default region', () => {
    expect(pricingRegion(list, 'in')).toBe('IN');
    expect(pricingRegion(list, 'FR')).toBe('US');
    expect(pricingRegion(list, null)).toBe('US');
    const india = price('algoexpert', { region: 'IN' })!;
    expect([india.total, india.currency, india.priceVersion]).toEqual([300000, 'inr', 7]);
  });
});

describe('each discount alone', () => {
  it('a single product costs its base price, with no discount', () => {
    const priced = price('algoexpert')!;
    expect(priced.offering).toMatchObject({ products: ['algoexpert'], basePrice: 10000, amountPer: 10000 });
    expect(priced.offering.priceShares).toEqual([
      { product: 'algoexpert', basePrice: 10000, sharePercent: 100 },
    ]);
    expect(discountsOf('algoexpert')).toEqual(none);
    expect([priced.total, priced.promoDiscount, priced.currency]).toEqual([10000, 0, 'usd']);
  });

  it('bundle: a named bundle shows its parts minus its price as the bundle discount', () => {
    const priced = price('tech-interview')!;
    expect(priced.offering.basePrice).toBe(18000);
    expect(priced.offering.priceShares.map((s) => s.sharePercent)).toEqual([55.56, 44.44]);
    expect(discountsOf('tech-interview')).toEqual({ ...none, bundle: 3000 });
    expect(priced.total).toBe(15000);
  });

  it('bundle: a double is its two base prices less the double percentage, rounded half up', () => {
    // 16000 * 15% = 2400; 14000 * 15% = 2100.
    expect(discountsOf('double:systemsexpert+mlexpert')).toEqual({ ...none, bundle: 2100 });
    expect(price('double:algoexpert+mlexpert')!.total).toBe(13600);
  });

  it('bundle: all access is six products for the plan price', () => {
    const priced = price(ALL_ACCESS_OFFERING)!;
    expect(priced.offering.products).toHaveLength(6);
    expect(priced.offering.basePrice).toBe(38000);
    expect(priced.offering.discounts.bundle.amount).toBe(18000);
    expect(priced.total).toBe(20000);
  });

  it('loyalty: owning a product outside the offering takes the loyalty percentage off', () => {
    expect(discountsOf('algoexpert', { buyer: { ownedProducts: ['mlexpert'] } })).toEqual({
      ...none,
      loyalty: 1000,
    });
  });

  it('student: the student role takes the student percentage off', () => {
    expect(discountsOf('systemsexpert', { buyer: { isStudent: true } })).toEqual({ ...none, student: 1600 });
  });

  it('proration: owned parts of a bundle are credited by their share of the bundle price', () => {
    // 15000 * 8000 / 18000 = 6666.67 -> 6667; the buyer pays for algoexpert's share.
    const priced = price('tech-interview', { buyer: { ownedProducts: ['systemsexpert'] } })!;
    expect(priced.offering.discounts.proration.amount).toBe(6667);
    expect(priced.offering.discounts.loyalty.amount).toBe(0);
    expect(priced.total).toBe(8333);
  });

  it('proration: owning every product of the offering makes it free, never negative', () => {
    const priced = price('tech-interview', {
      buyer: { ownedProducts: ['algoexpert', 'systemsexpert'], isStudent: true },
      promo: { code: 'X', percentOff: null, amountOff: 5000, region: null },
    })!;
    expect(priced.total).toBe(0);
    expect(priced.offering.discounts.proration.amount).toBe(15000);
    expect(priced.promoDiscount).toBe(0);
  });

  it('holiday: inside a promotion window its percentage comes off; the window end is exclusive', () => {
    expect(discountsOf('algoexpert', { now: new Date('2024-12-20T00:00:00Z') })).toEqual({
      ...none,
      holiday: 2500,
    });
    expect(discountsOf('algoexpert', { now: new Date('2024-12-16T00:00:00Z') }).holiday).toBe(2500);
    expect(discountsOf('algoexpert', { now: new Date('2024-05-27T23:59:59Z') }).holiday).toBe(1000);
    expect(discountsOf('algoexpert', { now: new Date('2025-01-01T00:00:00Z') }).holiday).toBe(0);
  });

  it('exploding: a new account gets the offer for its first hours, with the end of the countdown', () => {
    const firstSeenAt = new Date('2024-08-01T00:00:00Z');
    expect(discountsOf('algoexpert', { buyer: { firstSeenAt } })).toEqual({ ...none, exploding: 1500 });
    expect(explodingOfferEndsAt(list, firstSeenAt, plainDay)).toEqual(new Date('2024-08-03T00:00:00Z'));
    const late = new Date('2024-08-03T00:00:00Z');
    expect(discountsOf('algoexpert', { buyer: { firstSeenAt }, now: late }).exploding).toBe(0);
    expect(explodingOfferEndsAt(list, firstSeenAt, late)).toBeNull();
    expect(explodingOfferEndsAt(list, null, plainDay)).toBeNull();
  });

  it('promo: a percentage or an amount, the amount capped at the price', () => {
    const percent = { code: 'TEN', percentOff: 10, amountOff: null, region: null };
    expect(discountsOf('algoexpert', { promo: percent })).toEqual({ ...none, promo: 1000 });
    expect(price('algoexpert', { promo: percent })!.promoDiscount).toBe(1000);
    const amount = { code: 'OFF', percentOff: null, amountOff: 2550, region: 'US' };
    expect(price('algoexpert', { promo: amount })!.total).toBe(7450);
    const huge = { code: 'ALL', percentOff: null, amountOff: 1_000_000, region: null };
    expect(price('algoexpert', { promo: huge })!.total).toBe(0);
  });

  it('promo: terms of another region are ignored', () => {
    const other = { code: 'IN', percentOff: 50, amountOff: null, region: 'IN' };
    expect(price('algoexpert', { promo: other })!.total).toBe(10000);
  });
});

describe('discounts combined', () => {
  it('applies proration, promotion, loyalty, student and promo in turn, each on what is left', () => {
    const priced = price('ml-interview', {
      now: new Date('2024-12-20T00:00:00Z'),
      buyer: {
        ownedProducts: ['mlexpert', 'blockchainexpert'],
        isStudent: true,
        firstSeenAt: new Date('2024-12-19T00:00:00Z'),
      },
      promo: { code: 'FIVE', percentOff: 5, amountOff: null, region: null },
    })!;
    // base 24000; list 19999 (bundle 4001); proration 19999*6000/24000 = 4999.75 -> 5000; left 14999
    // holiday 25% (beats exploding 15%) = 3749.75 -> 3750; left 11249
    // loyalty 10% = 1124.9 -> 1125; left 10124; student 20% = 2024.8 -> 2025; left 8099; promo 5% = 404.95 -> 405
    expect(
      discountsOf('ml-interview', {
        now: new Date('2024-12-20T00:00:00Z'),
        buyer: {
          ownedProducts: ['mlexpert', 'blockchainexpert'],
          isStudent: true,
          firstSeenAt: new Date('2024-12-19T00:00:00Z'),
        },
        promo: { code: 'FIVE', percentOff: 5, amountOff: null, region: null },
      }),
    ).toEqual({
      holiday: 3750,
      loyalty: 1125,
      student: 2025,
      bundle: 4001,
      exploding: 0,
      proration: 5000,
      promo: 405,
    });
    expect(priced.total).toBe(7694);
    const { discounts, basePrice, amountPer } = priced.offering;
    const sum = Object.values(discounts).reduce((s, d) => s + (d?.amount ?? 0), 0);
    expect(basePrice - sum).toBe(amountPer);
  });

  it('the exploding offer wins over a smaller holiday, and the two never stack', () => {
    const d = discountsOf('algoexpert', {
      now: new Date('2024-05-21T00:00:00Z'),
      buyer: { firstSeenAt: new Date('2024-05-20T12:00:00Z') },
    });
    expect([d.holiday, d.exploding]).toEqual([0, 1500]);
  });

  it('rounds each step half up to a whole cent', () => {
    expect(percentOf(1005, 10)).toBe(101); // 100.5 -> 101
    expect(percentOf(1004, 10)).toBe(100); // 100.4 -> 100
    expect(percentOf(19999, 25)).toBe(5000); // 4999.75 -> 5000
  });
});

describe('promo codes', () => {
  const state: PromoCodeState = {
    code: 'SPRING',
    percentOff: 20,
    amountOff: null,
    region: 'US',
    expiresAt: '2025-01-01T00:00:00Z',
    useLimit: 2,
    ownerUserId: 'owner',
    expired: false,
    uses: 0,
  };
  const buyer = { userId: 'buyer', region: 'US', now: plainDay };

  it('gives the terms of a usable code', () => {
    expect(checkPromoCode(state, buyer)).toEqual({
      terms: { code: 'SPRING', percentOff: 20, amountOff: null, region: 'US' },
    });
  });

  it.each([
    ['an unknown code', null, buyer, 'SUBSCRIPTIONS_BAD_PROMOCODE'],
    [
      'a code past its expiry',
      state,
      { ...buyer, now: new Date('2025-01-01T00:00:00Z') },
      'SUBSCRIPTIONS_EXPIRED_PROMOCODE',
    ],
    ['a code staff expired', { ...state, expired: true }, buyer, 'SUBSCRIPTIONS_EXPIRED_PROMOCODE'],
    ['a code used up', { ...state, uses: 2 }, buyer, 'SUBSCRIPTIONS_EXPIRED_PROMOCODE'],
    ["the owner's own code", state, { ...buyer, userId: 'owner' }, 'SUBSCRIPTIONS_OWN_PROMOCODE'],
    ['a code of another region', state, { ...buyer, region: 'IN' }, 'SUBSCRIPTIONS_PROMOCODE_FAILED'],
  ] as const)('refuses %s', (_, s, b, code) => {
    const result = checkPromoCode(s, b);
    expect('refusal' in result && result.refusal.code).toBe(code);
  });
});

describe('payment token', () => {
  it('reads back the price version and region, and nothing from other text', () => {
    expect(readPaymentToken('pt1.12.IN.abcdefghijklmnopqrstuv')).toEqual({ priceVersion: 12, region: 'IN' });
    expect(readPaymentToken('pt1.0.IN.abcdefghijklmnopqrstuv')).toBeNull();
    expect(readPaymentToken('pt2.3.US.abcdefghijklmnopqrstuv')).toBeNull();
  });
});

describe('formatPrice', () => {
  it('shows cents with two decimals and the currency sign', () => {
    expect(formatPrice(14900, 'usd')).toBe('$149.00');
    expect(formatPrice(5, 'usd')).toBe('$0.05');
    expect(formatPrice(549900, 'inr')).toBe('₹5,499.00');
    expect(formatPrice(12950, 'eur')).toBe('€129.50');
  });
});
