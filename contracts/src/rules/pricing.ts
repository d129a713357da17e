import { z } from 'zod';
import Fraction from 'fraction.js';
import { allAccessProductIds, productIds, type ProductId } from '../constants';
import type { ErrorCode } from '../errors';
import type { Offering } from '../api/billing';

/*
 * Prices and discounts (spec 1, 3, 9): the price list as data and the one pure rule that prices an
 * offering for a buyer. Amounts are integer cents of the region's currency. Every percentage is a
 * whole number and every percentage discount is rounded half up to a whole cent on its own, so a
 * price is exact and the same on every machine. README.md, "Prices and discounts", states the order.
 */

const cents = z.number().int().min(0);
const percent = z.number().int().min(0).max(100);
const product = z.enum(productIds);
const regionCode = z.string().regex(/^[A-Z]{2}$/, 'A region is two capital letters.');
const bundleId = z.string().regex(/^[a-z0-9-]+$/, 'A bundle id is lower-case letters, digits and dashes.');

export const priceListSchema = z
  .object({
    /** Bumped on every change; charges record it and a purchase refuses a stale one. */
    version: z.number().int().min(1),
    /** The region of visitors without one. */
    defaultRegion: regionCode,
    regions: z.record(
      regionCode,
      z.object({
        /** ISO 4217, lower case as the payment provider writes it. */
        currency: z.string().regex(/^[a-z]{3}$/),
        /**
         * US dollars one unit of `currency` is worth ("1" for usd), as a decimal: affiliates earn in
         * US cents, so a sale in this region is converted at this rate when it is attributed. Absent
         * from lists published before sales were converted: LEGACY_USD_RATES stands in.
         */
        usdRate: z
          .string()
          .regex(/^\d{1,6}(\.\d{1,10})?$/, 'A rate is a decimal number such as 0.0113.')
          .optional(),
        /** Base price of each product on its own, in cents. */
        products: z.partialRecord(product, cents),
      }),
    ),
    /** Products sold on their own (the single plan); the others come only in bundles. */
    singles: z.array(product).min(1),
    plans: z.object({
      /** Any two singles bought together: this percentage off their base prices (the bundle discount). */
      double: z.object({ percentOff: percent }),
      /** The all-access plan (the Ultimate Bundle), priced per region. */
      allAccess: z.object({ title: z.string().min(1), prices: z.record(regionCode, cents) }),
    }),
    /** Named bundles of spec 1, with their own price per region. */
    bundles: z.array(
      z.object({
        id: bundleId,
        title: z.string().min(1),
        products: z.array(product).min(2),
        prices: z.record(regionCode, cents),
      }),
    ),
    discounts: z.object({
      /** Off for a buyer holding the student role. */
      studentPercent: percent,
      /** Off for a buyer who owns a product outside the offering. */
      loyaltyPercent: percent,
      /** Promotion windows (spec 9): [startsAt, endsAt). */
      holidays: z.array(
        z.object({
          name: z.string().min(1),
          startsAt: z.iso.datetime({ offset: true }),
          endsAt: z.iso.datetime({ offset: true }),
          percent,
        }),
      ),
      /** A new account's offer: this percentage during the first `hours` after it was first seen. */
      exploding: z.object({
        percent,
        hours: z
          .number()
          .int()
          .min(1)
          .max(24 * 30),
      }),
    }),
    /**
     * Team licences: a seat of a product costs its base price (all access: the plan's price) less
     * this percentage. Absent from lists published before licences were sold: no seat discount.
     */
    licences: z.object({ seatPercentOff: percent }).optional(),
  })
  .superRefine((list, ctx) => {
    const issue = (message: string, path: (string | number)[]) =>
      ctx.addIssue({ code: 'custom', message, path });
    if (!list.regions[list.defaultRegion]) issue('The default region has no prices.', ['defaultRegion']);
    const regionCodes = Object.keys(list.regions);
    const needed = new Set<ProductId>([...list.singles, ...allAccessProductIds]);
    for (const bundle of list.bundles) for (const p of bundle.products) needed.add(p);
    for (const region of regionCodes) {
      for (const p of needed) {
        if (list.regions[region]!.products[p] === undefined)
          issue(`${p} has no base price in ${region}.`, ['regions', region, 'products']);
      }
      if (list.plans.allAccess.prices[region] === undefined)
        issue(`The all-access plan has no price in ${region}.`, ['plans', 'allAccess', 'prices']);
    }
    const ids = new Set<string>();
    list.bundles.forEach((bundle, index) => {
      if (ids.has(bundle.id) || offeringKeyKind(bundle.id) !== 'bundle')
        issue(`The bundle id ${bundle.id} is taken.`, ['bundles', index, 'id']);
      ids.add(bundle.id);
      if (new Set(bundle.products).size !== bundle.products.length)
        issue('A bundle names a product twice.', ['bundles', index, 'products']);
      for (const region of regionCodes) {
        if (bundle.prices[region] === undefined)
          issue(`${bundle.id} has no price in ${region}.`, ['bundles', index, 'prices']);
      }
    });
    list.discounts.holidays.forEach((h, index) => {
      if (Date.parse(h.endsAt) <= Date.parse(h.startsAt))
        issue('A promotion window ends after it starts.', ['discounts', 'holidays', index]);
    });
  });
export type PriceList = z.infer<typeof priceListSchema>;

/** A promo code's terms once it is accepted. amountOff is in cents of the buyer's region currency. */
export type PromoCodeTerms = {
  code: string;
  percentOff: number | null;
  amountOff: number | null;
  region: string | null;
};

export type PricedOffering = {
  key: string;
  offering: Offering;
  /** What the buyer pays, in cents; never negative. Equals offering.amountPer. */
  total: number;
  currency: string;
  priceVersion: number;
  /** Cents the promo code took off (0 without one); also offering.discounts.promo. */
  promoDiscount: number;
};

export type PricingBuyer = {
  ownedProducts: readonly ProductId[];
  isStudent: boolean;
  /** When the buyer was first seen (the account's registration); null for visitors. */
  firstSeenAt: Date | null;
};

export type PricingInput = {
  priceList: PriceList;
  offering: string;
  region: string;
  buyer: PricingBuyer;
  promo: PromoCodeTerms | null;
  now: Date;
};

/** The all-access plan's offering key (the Ultimate Bundle). */
export const ALL_ACCESS_OFFERING = 'allaccess';
const DOUBLE_PREFIX = 'double:';

type OfferingKeyKind = 'single' | 'double' | 'allAccess' | 'bundle';

function offeringKeyKind(key: string): OfferingKeyKind {
  if (key === ALL_ACCESS_OFFERING) return 'allAccess';
  if (key.startsWith(DOUBLE_PREFIX)) return 'double';
  if ((productIds as readonly string[]).includes(key)) return 'single';
  return 'bundle';
}

/** The key of the double plan for two products, in the list's order of products. */
export function doubleOfferingKey(a: ProductId, b: ProductId): string {
  const [first, second] = [a, b].sort((x, y) => productIds.indexOf(x) - productIds.indexOf(y));
  return `${DOUBLE_PREFIX}${first}+${second}`;
}

/** The region a buyer is priced in: theirs when the list prices it, else the list's default. */
export function pricingRegion(priceList: PriceList, region: string | null | undefined): string {
  const wanted = region?.trim().toUpperCase();
  return wanted && priceList.regions[wanted] ? wanted : priceList.defaultRegion;
}

/**
 * Offering keys of a listing: `platform` is the plans (every single, every double, all access),
 * `triple` the named bundles of three products, `all` every single, double, named bundle and all access.
 */
export function listOfferingKeys(priceList: PriceList, kind: 'all' | 'platform' | 'triple'): string[] {
  const singles = [...priceList.singles];
  const doubles: string[] = [];
  singles.forEach((a, i) => singles.slice(i + 1).forEach((b) => doubles.push(doubleOfferingKey(a, b))));
  const bundles = priceList.bundles.map((b) => b.id);
  switch (kind) {
    case 'platform':
      return [...singles, ...doubles, ALL_ACCESS_OFFERING];
    case 'triple':
      return priceList.bundles.filter((b) => b.products.length === 3).map((b) => b.id);
    case 'all':
      return [...singles, ...doubles, ...bundles, ALL_ACCESS_OFFERING];
  }
}

/** The products and list price (before any buyer's discount) of an offering key; null when unknown. */
function resolveOffering(
  priceList: PriceList,
  key: string,
  region: string,
): { products: ProductId[]; listPrice: number | null } | null {
  switch (offeringKeyKind(key)) {
    case 'single': {
      const p = key as ProductId;
      return priceList.singles.includes(p) ? { products: [p], listPrice: null } : null;
    }
    case 'double': {
      const parts = key.slice(DOUBLE_PREFIX.length).split('+');
      if (parts.length !== 2) return null;
      const [a, b] = parts as [ProductId, ProductId];
      if (!priceList.singles.includes(a) || !priceList.singles.includes(b) || a === b) return null;
      if (doubleOfferingKey(a, b) !== key) return null;
      const base = basePriceOf(priceList, region, [a, b]);
      return { products: [a, b], listPrice: base - percentOf(base, priceList.plans.double.percentOff) };
    }
    case 'allAccess':
      return { products: [...allAccessProductIds], listPrice: priceList.plans.allAccess.prices[region]! };
    case 'bundle': {
      const bundle = priceList.bundles.find((b) => b.id === key);
      return bundle ? { products: [...bundle.products], listPrice: bundle.prices[region]! } : null;
    }
  }
}

function basePriceOf(priceList: PriceList, region: string, products: readonly ProductId[]): number {
  return products.reduce((sum, p) => sum + priceList.regions[region]!.products[p]!, 0);
}

/** `percent` of `amount` cents, rounded half up to a whole cent (exact: integers only). */
export function percentOf(amount: number, percent: number): number {
  return Math.floor((amount * percent + 50) / 100);
}

/** The promotion window open at `now`, if any (the first in the list when windows overlap). */
export function activeHoliday(
  priceList: PriceList,
  now: Date,
): PriceList['discounts']['holidays'][number] | null {
  const t = now.getTime();
  return (
    priceList.discounts.holidays.find((h) => Date.parse(h.startsAt) <= t && t < Date.parse(h.endsAt)) ?? null
  );
}

/** When the buyer's exploding offer ends, while it runs; null for visitors and after it ended. */
export function explodingOfferEndsAt(priceList: PriceList, firstSeenAt: Date | null, now: Date): Date | null {
  if (!firstSeenAt) return null;
  const ends = firstSeenAt.getTime() + priceList.discounts.exploding.hours * 3_600_000;
  return now.getTime() >= firstSeenAt.getTime() && now.getTime() < ends ? new Date(ends) : null;
}

/**
 * Prices one offering for one buyer; null when the key names no offering of the list. The region
 * must be one the list prices (see `pricingRegion`). The steps, each on what the previous left:
 * 1. list price (the bundle discount is the parts' base prices minus it),
 * 2. proration: the owned products' share of the list price, by base price,
 * 3. the better of holiday and exploding (they do not stack; the holiday wins a tie),
 * 4. loyalty, 5. student, 6. the promo code (percent, or amount capped at what is left).
 */
export function priceOffering(input: PricingInput): PricedOffering | null {
  const { priceList, region, buyer, now } = input;
  const regionPrices = priceList.regions[region];
  if (!regionPrices) return null;
  const resolved = resolveOffering(priceList, input.offering, region);
  if (!resolved) return null;
  const { products } = resolved;
  const basePrice = basePriceOf(priceList, region, products);
  const listPrice = Math.min(resolved.listPrice ?? basePrice, basePrice);
  const bundle = basePrice - listPrice;

  const ownedBase = basePriceOf(
    priceList,
    region,
    products.filter((p) => buyer.ownedProducts.includes(p)),
  );
  const proration =
    basePrice === 0
      ? 0
      : Math.min(listPrice, Math.floor((listPrice * ownedBase + basePrice / 2) / basePrice));
  let left = listPrice - proration;

  const holidayPercent = activeHoliday(priceList, now)?.percent ?? 0;
  const explodingPercent = explodingOfferEndsAt(priceList, buyer.firstSeenAt, now)
    ? priceList.discounts.exploding.percent
    : 0;
  const holiday = holidayPercent >= explodingPercent ? percentOf(left, holidayPercent) : 0;
  const exploding = holidayPercent >= explodingPercent ? 0 : percentOf(left, explodingPercent);
  left -= holiday + exploding;

  const ownsAnother = buyer.ownedProducts.some((p) => !products.includes(p));
  const loyalty = ownsAnother ? percentOf(left, priceList.discounts.loyaltyPercent) : 0;
  left -= loyalty;
  const student = buyer.isStudent ? percentOf(left, priceList.discounts.studentPercent) : 0;
  left -= student;

  let promo = 0;
  const terms = input.promo;
  if (terms && (terms.region === null || terms.region === region)) {
    if (terms.percentOff !== null) promo = percentOf(left, terms.percentOff);
    else if (terms.amountOff !== null) promo = Math.min(left, terms.amountOff);
  }
  left -= promo;

  const total = Math.max(0, left);
  return {
    key: input.offering,
    offering: {
      products,
      priceShares: products.map((p) => {
        const price = regionPrices.products[p]!;
        return {
          product: p,
          basePrice: price,
          sharePercent: basePrice === 0 ? 0 : Math.round((price * 10_000) / basePrice) / 100,
        };
      }),
      discounts: {
        holiday: { amount: holiday },
        loyalty: { amount: loyalty },
        student: { amount: student },
        bundle: { amount: bundle },
        exploding: { amount: exploding },
        proration: { amount: proration },
        promo: { amount: promo },
      },
      basePrice,
      amountPer: total,
    },
    total,
    currency: regionPrices.currency,
    priceVersion: priceList.version,
    promoDiscount: promo,
  };
}

// ---------------------------------------------------------------------------
// Team licences
// ---------------------------------------------------------------------------

export type LicenceProduct = ProductId | 'allaccess';

/** What a licence purchase costs: per seat (list and after the seat discount), and for every seat. */
export type PricedLicence = {
  products: LicenceProduct[];
  seats: number;
  /** One seat of every product at list price. */
  listPerSeat: number;
  /** One seat after the licence discount. */
  perSeat: number;
  /** What the promo code took off the whole purchase (0 without one). */
  promoDiscount: number;
  total: number;
  currency: string;
  priceVersion: number;
};

/**
 * Prices `seats` seats of each product: a seat is the product's base price (the all-access plan's
 * price for allaccess) less the list's licence percentage, every seat alike; a promo code then comes
 * off the whole. Null when the region or a product has no price.
 */
export function priceLicence(input: {
  priceList: PriceList;
  region: string;
  products: readonly LicenceProduct[];
  seats: number;
  promo: PromoCodeTerms | null;
}): PricedLicence | null {
  const { priceList, region, seats } = input;
  const regionPrices = priceList.regions[region];
  if (!regionPrices || input.products.length === 0) return null;
  let listPerSeat = 0;
  for (const product of input.products) {
    const price =
      product === 'allaccess' ? priceList.plans.allAccess.prices[region] : regionPrices.products[product];
    if (price === undefined) return null;
    listPerSeat += price;
  }
  const perSeat = listPerSeat - percentOf(listPerSeat, priceList.licences?.seatPercentOff ?? 0);
  const gross = perSeat * seats;
  let promo = 0;
  const terms = input.promo;
  if (terms && (terms.region === null || terms.region === region)) {
    if (terms.percentOff !== null) promo = percentOf(gross, terms.percentOff);
    else if (terms.amountOff !== null) promo = Math.min(gross, terms.amountOff);
  }
  return {
    products: [...input.products],
    seats,
    listPerSeat,
    perSeat,
    promoDiscount: promo,
    total: gross - promo,
    currency: regionPrices.currency,
    priceVersion: priceList.version,
  };
}

// ---------------------------------------------------------------------------
// Promo codes
// ---------------------------------------------------------------------------

/** What the services know of a promo code (from its stream, or the offerings read model). */
export type PromoCodeState = {
  code: string;
  percentOff: number | null;
  amountOff: number | null;
  region: string | null;
  expiresAt: string | null;
  useLimit: number | null;
  /** The affiliate (a user) who owns the code, who may not use it. */
  ownerUserId: string | null;
  /** Staff ended it before its expiry. */
  expired: boolean;
  uses: number;
};

export type PromoCodeRefusal = { code: Extract<ErrorCode, `SUBSCRIPTIONS_${string}`>; message: string };

/** Promo codes are matched without regard to case; stored and shown upper case. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Whether a buyer may use a promo code (spec 4): its terms, or why not. `state` is null for a code
 * nobody created.
 */
export function checkPromoCode(
  state: PromoCodeState | null,
  buyer: { userId: string | null; region: string; now: Date },
): { terms: PromoCodeTerms } | { refusal: PromoCodeRefusal } {
  if (!state)
    return { refusal: { code: 'SUBSCRIPTIONS_BAD_PROMOCODE', message: 'This promo code does not exist.' } };
  if (state.expired || (state.expiresAt !== null && Date.parse(state.expiresAt) <= buyer.now.getTime()))
    return { refusal: { code: 'SUBSCRIPTIONS_EXPIRED_PROMOCODE', message: 'This promo code has expired.' } };
  if (state.useLimit !== null && state.uses >= state.useLimit)
    return {
      refusal: { code: 'SUBSCRIPTIONS_EXPIRED_PROMOCODE', message: 'This promo code has been used up.' },
    };
  if (state.ownerUserId !== null && buyer.userId === state.ownerUserId)
    return {
      refusal: { code: 'SUBSCRIPTIONS_OWN_PROMOCODE', message: 'You cannot use your own promo code.' },
    };
  if (state.region !== null && state.region !== buyer.region)
    return {
      refusal: {
        code: 'SUBSCRIPTIONS_PROMOCODE_FAILED',
        message: 'This promo code does not apply in your region.',
      },
    };
  const { code, percentOff, amountOff, region } = state;
  return { terms: { code, percentOff, amountOff, region } };
}

// ---------------------------------------------------------------------------
// Payment token
// ---------------------------------------------------------------------------

/**
 * The offerings reply's paymentToken is `pt1.<priceVersion>.<region>.<digest>`, the digest a SHA-256
 * prefix (22 base64url characters) of the prices shown. The projection-service issues it; a purchase
 * reads the version back and refuses a stale one. A purchase prices again itself, so the token grants
 * nothing.
 */
export const PAYMENT_TOKEN_PREFIX = 'pt1';

/** The price version and region a payment token was issued for; null when it is not one. */
export function readPaymentToken(token: string): { priceVersion: number; region: string } | null {
  const match = /^pt1\.([1-9][0-9]{0,8})\.([A-Z]{2})\.[A-Za-z0-9_-]{22}$/.exec(token);
  return match ? { priceVersion: Number(match[1]), region: match[2]! } : null;
}

/** Cents shown with 2 decimals and the currency's sign (spec 9), e.g. 14900 usd → "$149.00". */
export function formatPrice(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/**
 * The dollar rates in force while lists without `usdRate` were published (list version 1, which sold
 * in usd, eur and inr): they convert those lists' sales, and a v1 affiliate sale fact when upcast.
 */
export const LEGACY_USD_RATES: Readonly<Record<string, string>> = { usd: '1', eur: '1.16', inr: '0.0113' };

/** US dollars one unit of `currency` is worth under this list: its region's rate, else the legacy one. */
export function usdRateOf(priceList: PriceList | null, currency: string): string {
  const region = priceList
    ? Object.values(priceList.regions).find((r) => r.currency === currency && r.usdRate !== undefined)
    : undefined;
  return region?.usdRate ?? LEGACY_USD_RATES[currency] ?? '1';
}

/** `amount` cents of a currency in US cents at `usdRate`, exactly, rounded half up once. */
export function toUsdCents(amount: number, usdRate: string): number {
  return Number(new Fraction(usdRate).mul(amount).add(1, 2).floor().valueOf());
}
