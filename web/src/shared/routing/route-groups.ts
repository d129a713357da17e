import type { ProductId } from '@app/contracts';
import { productIndex, type ThemeKey } from '@/shared/catalog/product-index';

/*
 * What the shell needs to know about a path, decided from the path alone so the route table keeps only
 * paths (spec 2: routes are grouped by owning product; separate lists mark workspaces and the rest).
 */

const productPrefixes: readonly [string, ProductId][] = [
  ['/systems', 'systemsexpert'],
  ['/machine-learning', 'mlexpert'],
  ['/frontend', 'frontendexpert'],
  ['/infrastructure', 'infraexpert'],
  ['/ios', 'iosexpert'],
  ['/blockchain', 'blockchainexpert'],
  ['/backend', 'backendexpert'],
];

function startsWithSegment(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The product owning a path; algorithms owns the rest (mock interviews and github-students included). */
export function productForPath(pathname: string): ProductId {
  for (const [prefix, product] of productPrefixes) {
    if (startsWithSegment(pathname, prefix)) return product;
  }
  return 'algoexpert';
}

/** The active theme follows the route's product (default `ae`). */
export function themeForPath(pathname: string): ThemeKey {
  return productIndex[productForPath(pathname)].theme;
}

const workspacePatterns: readonly RegExp[] = [
  /^\/questions\/[^/]+\/?$/,
  /^\/assessments\/[^/]+\/?$/,
  /^\/mock-interviews\/(workspace\/[^/]+|video-call)\/?$/,
  /^\/systems\/workspace\/[^/]+\/?$/,
  /^\/(machine-learning|frontend|infrastructure)\/coding-questions\/[^/]+\/?$/,
  /^\/blockchain\/[^/]+\/[^/]+\/practice-questions\/[^/]+\/?$/,
  /^\/blockchain\/[^/]+\/assessment\/[^/]+\/?$/,
  /^\/output-viewer\/?$/,
];

/** Full-screen coding pages: no footer, no sale banner. */
export function isWorkspacePath(pathname: string): boolean {
  return workspacePatterns.some((pattern) => pattern.test(pathname));
}

/** Product pages get the coloured footer and hero; every other page is light. */
export function isProductPagePath(pathname: string): boolean {
  return (
    pathname === '/product' ||
    /^\/(systems|machine-learning|frontend|infrastructure|ios|blockchain|backend|tech-interview-prep)\/product\/?$/.test(
      pathname,
    )
  );
}

export function isFooterHidden(pathname: string): boolean {
  return isWorkspacePath(pathname);
}

const saleBannerHiddenPrefixes = [
  '/account',
  '/licenses',
  '/license-key',
  '/partners',
  '/affiliate-dashboard',
  '/account-transfer',
  '/quick-account-transfer',
  '/confirmation',
];

/** Spec 9: no sale banner on workspace, account, licence, partner, affiliate, transfer and confirmation routes. */
export function isSaleBannerHiddenPath(pathname: string): boolean {
  return (
    isWorkspacePath(pathname) ||
    saleBannerHiddenPrefixes.some((prefix) => startsWithSegment(pathname, prefix))
  );
}

/** Pages where going offline loses work: the workspaces and the forms that save as you type. */
export function isOfflineWatchedPath(pathname: string): boolean {
  return (
    isWorkspacePath(pathname) ||
    startsWithSegment(pathname, '/recruiting/profile') ||
    startsWithSegment(pathname, '/account') ||
    startsWithSegment(pathname, '/licenses/manage')
  );
}

export const ALGORITHMS_PRODUCT_PATH = '/product';

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
