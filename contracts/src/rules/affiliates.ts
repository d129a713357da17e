import { z } from 'zod';

/** Affiliate codes come from the `r` query parameter; letters, digits, dash and underscore. */
export const affiliateCodeSchema = z
  .string()
  .trim()
  .min(1, 'The affiliate code is empty.')
  .max(64, 'The affiliate code is longer than 64 characters.')
  .regex(/^[A-Za-z0-9_-]+$/, 'The affiliate code may contain only letters, digits, dashes and underscores.');

/** The columns of the daily tracking a sale counts in (spec 9). */
export const affiliateSaleCategories = [
  'algoexpert',
  'systemsexpert',
  'mlexpert',
  'bundle',
  'other',
] as const;
export type AffiliateSaleCategory = (typeof affiliateSaleCategories)[number];

/**
 * Where a sale counts in the daily tracking: `bundle` when it has more than one product (all access
 * is one), algoexpert when it has none (older sales), the product itself for the three the spec
 * names, `other` for any other single product.
 */
export function affiliateSaleCategory(products: readonly string[]): AffiliateSaleCategory {
  if (products.length === 0) return 'algoexpert';
  if (products.length > 1 || products[0] === 'allaccess') return 'bundle';
  const [product] = products;
  return product === 'algoexpert' || product === 'systemsexpert' || product === 'mlexpert'
    ? product
    : 'other';
}
