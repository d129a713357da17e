import { useMatches, type UIMatch } from 'react-router-dom';
import type { ProductId } from '@app/contracts';
import { productIndex, type ThemeKey } from '@/shared/catalog/product-index';

/**
 * What the shell knows about a route, declared once on the route table (src/app/router.tsx) as React
 * Router's `handle` and read here through `useMatches()`. Handles merge along the match chain, root first:
 * a deeper route's field replaces its ancestor's, so the root holds the defaults, a product's group route
 * its product, and a page only what sets it apart.
 */
export type RouteHandle = {
  /** The product owning the page (spec 2: routes are grouped by owning product); its theme colours the shell. */
  product?: ProductId;
  /**
   * `page`: the ordinary shell; `productPage`: a product's landing page, with the coloured footer;
   * `workspace`: a full-screen coding page, with no footer and no sale banner, where going offline loses work.
   */
  layout?: 'page' | 'productPage' | 'workspace';
  /** Spec 9: no sale banner on account, licence, partner, affiliate, transfer and confirmation pages. */
  hidesSaleBanner?: boolean;
  /** A form that saves as you type: going offline is announced (spec 4, Offline banner). */
  watchesOffline?: boolean;
  /**
   * A page for signed-in users only: what signing in unlocks here, said to a visitor on the prompt that
   * stands in for the page (and on the sign-in dialog it opens). The page itself is not rendered for them,
   * so none of its calls go out.
   */
  signInReason?: string;
};

/** A route's metadata as the shell uses it, resolved from the merged handles. */
export type RouteMeta = {
  product: ProductId;
  theme: ThemeKey;
  isProductPage: boolean;
  showsFooter: boolean;
  showsSaleBanner: boolean;
  watchesOffline: boolean;
  /** Set when the page needs a signed-in user (RouteHandle.signInReason). */
  signInReason: string | null;
};

export function resolveRouteMeta(handles: readonly unknown[]): RouteMeta {
  const merged: RouteHandle = Object.assign({}, ...handles);
  const product = merged.product ?? 'algoexpert';
  const isWorkspace = merged.layout === 'workspace';
  return {
    product,
    theme: productIndex[product].theme,
    isProductPage: merged.layout === 'productPage',
    showsFooter: !isWorkspace,
    showsSaleBanner: !isWorkspace && !merged.hidesSaleBanner,
    watchesOffline: isWorkspace || merged.watchesOffline === true,
    signInReason: merged.signInReason ?? null,
  };
}

/** The current route's metadata (while a navigation loads, still the shown page's). */
export function useRouteMeta(): RouteMeta {
  const matches: UIMatch[] = useMatches();
  return resolveRouteMeta(matches.map((match) => match.handle));
}
