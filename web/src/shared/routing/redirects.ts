/*
 * Where the paths the route table does not know go (spec 2, Redirects). What the shell knows about the
 * paths it does know is declared on the route table itself (route-handle.ts).
 */

const ALGORITHMS_PRODUCT_PATH = '/product';

const fixedRedirects: Record<string, string> = {
  '/licenses': '/licenses/manage',
  '/business': '/licenses/manage',
  '/student': '/license-key',
  '/ml': '/machine-learning/product',
  '/frontend': '/frontend/product',
  '/infra': '/infrastructure/product',
  '/blockchain': '/blockchain/product',
};

/** One extra segment under these products' pages goes back to the product page. */
const productsWithExtraSegmentRedirect = ['/systems', '/machine-learning', '/frontend'];

/**
 * Where a path the route table does not know goes (spec 2, Redirects): the fixed redirects, one extra
 * segment under the systems, machine-learning or frontend product pages to that product page, and
 * anything else to the algorithms product page.
 */
export function redirectTarget(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const fixed = fixedRedirects[trimmed.toLowerCase()];
  if (fixed) return fixed;
  for (const prefix of productsWithExtraSegmentRedirect) {
    const rest = trimmed.slice(prefix.length);
    if (!trimmed.startsWith(`${prefix}/`)) continue;
    const segments = rest.split('/').filter(Boolean);
    // /systems/anything and /systems/product/anything both count as one segment beyond the product.
    if (segments.length === 1 || (segments.length === 2 && segments[0] === 'product')) {
      return `${prefix}/product`;
    }
  }
  return ALGORITHMS_PRODUCT_PATH;
}
