import { DomainError, type PriceList, type PromoCodeTerms, priceLicence } from '@app/contracts';
import { type Checkouts, type StartedCheckout, openCheckouts } from '../checkouts.aggregate';
import { CHECKOUT_LIFETIME_MS, type CheckoutDraft } from '../purchase-offering/decide-purchase-offering';
import type { PurchaseLicencesCommand } from './purchase-licences.command';

export type LicencePurchaseDecision =
  | { kind: 'start'; checkout: CheckoutDraft }
  /** The same seats at the same price are being paid already: answer that checkout again. */
  | { kind: 'open'; checkout: StartedCheckout };

export type LicencePurchaseState = {
  checkouts: Checkouts;
  priceList: PriceList;
  region: string;
  promo: PromoCodeTerms | null;
};

/** The offering key a licence checkout records: `licences:<products>` (seats are in `licence`). */
export const licenceOfferingKey = (products: readonly string[]) => `licences:${products.join('+')}`;

/**
 * Prices `seats` seats of each product from the price list and starts a checkout marked as a licence.
 * Licences are not ownership, so owning a product or paying a personal checkout of it holds nothing up.
 */
export function decidePurchaseLicences(
  request: PurchaseLicencesCommand['request'],
  { checkouts, priceList, region, promo }: LicencePurchaseState,
): LicencePurchaseDecision | DomainError {
  const products = [...new Set(request.products)];
  const priced = priceLicence({ priceList, region, products, seats: request.seats, promo });
  if (!priced) {
    return new DomainError(
      'CHECKOUT_UNKNOWN_OFFERING',
      `Licences of ${products.join(', ')} are not sold in region ${region}.`,
    );
  }
  const offering = licenceOfferingKey(products);
  const promoCode = promo?.code ?? null;
  const same = openCheckouts(checkouts, request.now).find(
    (c) =>
      c.offering === offering &&
      c.licence?.seats === request.seats &&
      c.licence.isEnterprise === request.isEnterprise &&
      c.amount === priced.total &&
      c.priceVersion === priced.priceVersion &&
      c.promoCode === promoCode,
  );
  if (same) return { kind: 'open', checkout: same };
  const seatDiscount = (priced.listPerSeat - priced.perSeat) * priced.seats;
  return {
    kind: 'start',
    checkout: {
      userId: request.userId,
      offering,
      products,
      amount: priced.total,
      currency: priced.currency,
      priceVersion: priced.priceVersion,
      region,
      affiliateCode: null,
      promoCode,
      expiresAt: new Date(request.now.getTime() + CHECKOUT_LIFETIME_MS).toISOString(),
      pricing: {
        listPrice: priced.listPerSeat * priced.seats,
        discounts: Object.fromEntries(
          [
            ['licence', seatDiscount],
            ['promo', priced.promoDiscount],
          ].filter(([, amount]) => (amount as number) > 0),
        ),
      },
      licence: { seats: priced.seats, isEnterprise: request.isEnterprise },
    },
  };
}
