import { ALL_ACCESS, type Offering, type OfferingsReply, type ProductId, productIds } from '@app/contracts';
import { bundles, type Bundle } from '@/shared/catalog/bundles';
import { productIndex } from '@/shared/catalog/product-index';

/*
 * The offerings reply keys each offering by product-set name (spec 3): a product id for a single
 * product, `double:<a>+<b>` for a double bundle, `allaccess` for all access, and a named bundle's id.
 */

export type PlanKind = 'single' | 'double' | 'allAccess' | 'bundle';

export type NamedOffering = { key: string; kind: PlanKind; title: string; offering: Offering };

/** The catalogue entry (spec 1) the all-access plan is sold as. */
const ALL_ACCESS_BUNDLE_ID = 'ultimate';
const ALL_ACCESS_BUNDLE = bundles.find((bundle) => bundle.id === ALL_ACCESS_BUNDLE_ID) ?? {
  id: ALL_ACCESS_BUNDLE_ID,
  title: 'Ultimate Bundle',
  features: [],
  theme: 'ae',
  products: [],
  label: null,
  illustration: 'star',
};

/** The catalogue bundle an offering presents (its features, label and colours), if it is one. */
export function bundleOf(key: string): Bundle | undefined {
  const kind = planKindOf(key);
  if (kind === 'allAccess') return ALL_ACCESS_BUNDLE;
  if (kind === 'bundle') return bundles.find((bundle) => bundle.id === key);
  return undefined;
}

const DOUBLE_PREFIX = 'double:';

export function planKindOf(key: string): PlanKind {
  if (key === ALL_ACCESS) return 'allAccess';
  if (key.startsWith(DOUBLE_PREFIX)) return 'double';
  if ((productIds as readonly string[]).includes(key)) return 'single';
  return 'bundle';
}

export const productName = (product: ProductId | typeof ALL_ACCESS) =>
  product === ALL_ACCESS ? 'All products' : productIndex[product].name;

/** What an offering is called on the page. */
export function offeringTitle(key: string, offering: Offering): string {
  switch (planKindOf(key)) {
    case 'allAccess':
      return ALL_ACCESS_BUNDLE.title;
    case 'single':
      return productName(key as ProductId);
    case 'double':
      return `Double Bundle: ${offering.products.map(productName).join(' + ')}`;
    case 'bundle':
      return bundles.find((bundle) => bundle.id === key)?.title ?? key;
  }
}

export function namedOfferings(reply: OfferingsReply): NamedOffering[] {
  return Object.entries(reply.offerings).map(([key, offering]) => ({
    key,
    kind: planKindOf(key),
    title: offeringTitle(key, offering),
    offering,
  }));
}

/** The reply's currency; a server that names none prices in US dollars (the price list's default). */
export const currencyOf = (reply: OfferingsReply): string => reply.currency ?? 'usd';

export const discountLabels: Record<string, string> = {
  bundle: 'Bundle discount',
  loyalty: 'Loyalty discount',
  student: 'Student discount',
  proration: 'Credit for products you own',
  holiday: 'Holiday sale',
  exploding: 'Limited-time offer',
  promo: 'Promo code',
};
