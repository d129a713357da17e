import {
  ALL_ACCESS,
  ALL_ACCESS_OFFERING,
  DomainError,
  type CheckoutStarted,
  type PriceList,
  type ProductId,
  type PromoCodeTerms,
  ownedProducts,
  priceOffering,
  readPaymentToken,
} from '@app/contracts';
import { type Checkouts, type StartedCheckout, coveredProducts, openCheckouts } from '../checkouts.aggregate';
import type { PurchaseOfferingCommand } from './purchase-offering.command';

/** How long a checkout stays payable (Stripe accepts 30 minutes to 24 hours). */
export const CHECKOUT_LIFETIME_MS = 35 * 60_000;

/** What the platform prices and Stripe is asked to charge: the CheckoutStarted without Stripe's part. */
export type CheckoutDraft = Omit<CheckoutStarted, 'sessionId' | 'checkoutUrl' | 'successUrl' | 'cancelUrl'>;

export type PurchaseDecision =
  /** Open a Checkout Session for this, then append CheckoutStarted. */
  | { kind: 'start'; checkout: CheckoutDraft }
  /** The same offering at the same price is being paid already: answer that checkout again. */
  | { kind: 'open'; checkout: StartedCheckout };

export type PurchaseState = {
  checkouts: Checkouts;
  priceList: PriceList;
  /** The region the buyer is priced in (the buyer's own, else the list's default). */
  region: string;
  /** The promo code's terms, already accepted for this buyer and region; null without a code. */
  promo: PromoCodeTerms | null;
};

/**
 * Prices the offering again (the browser's numbers are never trusted) and decides whether a checkout
 * may start: the prices shown must be the current list's, the offering must exist, the buyer must not
 * own all of it, and no other checkout of its products may be open. Two purchases racing on the
 * buyer's stream are decided one after the other: the second sees the first's checkout.
 */
export function decidePurchaseOffering(
  request: PurchaseOfferingCommand['request'],
  { checkouts, priceList, region, promo }: PurchaseState,
): PurchaseDecision | DomainError {
  if (request.paymentToken !== undefined) {
    const shown = readPaymentToken(request.paymentToken);
    if (!shown || shown.priceVersion !== priceList.version) {
      return new DomainError(
        'CHECKOUT_STALE_PRICES',
        `The prices shown are not the current ones (price list ${priceList.version}); reload the offerings.`,
      );
    }
    // The token is the browser's: its region is only compared, never priced in.
    if (shown.region !== region) {
      return new DomainError(
        'CHECKOUT_STALE_PRICES',
        `The prices shown are for region ${shown.region}, not yours (${region}); reload the offerings.`,
      );
    }
  }
  const owned = ownedProducts(request.roles, [...checkouts.subscriptions]);
  const priced = priceOffering({
    priceList,
    offering: request.offering,
    region,
    buyer: {
      ownedProducts: owned,
      isStudent: request.roles.includes('student'),
      firstSeenAt: checkouts.registeredAt,
    },
    promo,
    now: request.now,
  });
  if (!priced) {
    return new DomainError('CHECKOUT_UNKNOWN_OFFERING', `There is no offering "${request.offering}".`);
  }
  const products: (ProductId | typeof ALL_ACCESS)[] =
    priced.key === ALL_ACCESS_OFFERING ? [ALL_ACCESS] : [...priced.offering.products];
  const wanted = [...coveredProducts(products)].filter((p) => p !== ALL_ACCESS);
  if (wanted.every((p) => (owned as readonly string[]).includes(p))) {
    return new DomainError('CHECKOUT_ALREADY_OWNED', 'You own everything in this offering already.');
  }
  const promoCode = promo?.code ?? null;
  // Licence checkouts buy seats for others: they hold no personal purchase up.
  const open = openCheckouts(checkouts, request.now).filter((c) => !c.licence);
  const same = open.find(
    (c) =>
      c.offering === priced.key &&
      c.amount === priced.total &&
      c.currency === priced.currency &&
      c.priceVersion === priced.priceVersion &&
      c.promoCode === promoCode,
  );
  if (same) return { kind: 'open', checkout: same };
  const overlapping = open.find((c) => [...coveredProducts(c.products)].some((p) => wanted.includes(p)));
  if (overlapping) {
    return new DomainError(
      'CHECKOUT_IN_PROGRESS',
      `A checkout of ${overlapping.products.join(', ')} is open already; pay or cancel it first.`,
    );
  }
  return {
    kind: 'start',
    checkout: {
      userId: request.userId,
      offering: priced.key,
      products,
      amount: priced.total,
      currency: priced.currency.toLowerCase(),
      priceVersion: priced.priceVersion,
      region,
      affiliateCode: request.affiliateCode ?? null,
      promoCode,
      expiresAt: new Date(request.now.getTime() + CHECKOUT_LIFETIME_MS).toISOString(),
      // The price build-up the buyer was shown, for the receipt's lines.
      pricing: {
        listPrice: priced.offering.basePrice,
        discounts: Object.fromEntries(
          Object.entries(priced.offering.discounts).flatMap(([name, discount]) =>
            discount && discount.amount > 0 ? [[name, discount.amount]] : [],
          ),
        ),
      },
    },
  };
}
