import {
  ALL_ACCESS,
  DEFAULT_TOKEN_MIN_LENGTH,
  allAccessProductIds,
  productIds,
  productRoles,
  type ProductId,
  type Role,
} from '../constants';
import type { Access } from '../api/define';

/** Who is calling, as the edge of both services sees it. */
export type Principal =
  | { kind: 'anonymous' }
  | {
      kind: 'user';
      userId: string;
      sessionId: string;
      roles: readonly Role[];
      products: readonly ProductId[];
      /** The profile's region (prices, spec 3 user info); null or absent when unknown. */
      region?: string | null;
      /** When the account was registered (ISO): the new-account offer's start; absent when unknown. */
      registeredAt?: string;
    }
  /** The STAFF_TOKEN bearer: operations tooling without an account. */
  | { kind: 'operator' };

const roleToProduct = new Map<string, ProductId>(
  Object.entries(productRoles).map(([product, role]) => [role, product as ProductId]),
);

/**
 * Owned products (spec 6): a product is owned when the user holds its role or has an active
 * subscription to it; an active `allaccess` subscription expands to the six bundle products.
 * Staff own every product, so they can see and check all content.
 */
export function ownedProducts(
  roles: readonly string[],
  activeSubscriptions: readonly string[] = [],
): ProductId[] {
  if (roles.includes('staff')) return [...productIds];
  const owned = new Set<ProductId>();
  for (const role of roles) {
    const product = roleToProduct.get(role);
    if (product) owned.add(product);
  }
  for (const subscription of activeSubscriptions) {
    if (subscription === ALL_ACCESS) allAccessProductIds.forEach((p) => owned.add(p));
    else if ((productIds as readonly string[]).includes(subscription)) owned.add(subscription as ProductId);
  }
  return productIds.filter((p) => owned.has(p));
}

/** Spec 4, Roles refresh: the page reloads when a product role held before is gone now. */
export function lostProductRole(oldRoles: readonly string[], newRoles: readonly string[]): boolean {
  return oldRoles.some((role) => roleToProduct.has(role) && !newRoles.includes(role));
}

/** Spec 5: a default token is valid only when it has at least 50 characters. */
export function isValidDefaultToken(token: string): boolean {
  return token.length >= DEFAULT_TOKEN_MIN_LENGTH;
}

export type AccessDecision =
  | { allowed: true }
  | {
      allowed: false;
      status: 401 | 403;
      code: 'UNAUTHENTICATED' | 'FORBIDDEN' | 'PRODUCT_NOT_OWNED';
      message: string;
    };

const isStaff = (principal: Principal) =>
  principal.kind === 'operator' || (principal.kind === 'user' && principal.roles.includes('staff'));

/**
 * The access rule of a call applied to a caller. `pathProduct` is the `{product}` of the path for
 * calls owned per product.
 */
export function decideAccess(access: Access, principal: Principal, pathProduct?: string): AccessDecision {
  switch (access.kind) {
    case 'anyone':
      return { allowed: true };
    case 'staff':
      if (isStaff(principal)) return { allowed: true };
      return principal.kind === 'anonymous'
        ? { allowed: false, status: 401, code: 'UNAUTHENTICATED', message: 'Sign in to use this call.' }
        : { allowed: false, status: 403, code: 'FORBIDDEN', message: 'This call is for staff only.' };
    case 'analyst':
      if (isStaff(principal) || (principal.kind === 'user' && principal.roles.includes('analyst'))) {
        return { allowed: true };
      }
      return principal.kind === 'anonymous'
        ? { allowed: false, status: 401, code: 'UNAUTHENTICATED', message: 'Sign in to use this call.' }
        : { allowed: false, status: 403, code: 'FORBIDDEN', message: 'This call is for analysts only.' };
    case 'user':
      if (principal.kind === 'user') return { allowed: true };
      return principal.kind === 'operator'
        ? { allowed: false, status: 403, code: 'FORBIDDEN', message: 'This call needs a signed-in user.' }
        : { allowed: false, status: 401, code: 'UNAUTHENTICATED', message: 'Sign in to use this call.' };
    case 'owner': {
      const product = access.product === 'fromPath' ? pathProduct : access.product;
      if (principal.kind === 'anonymous') {
        return { allowed: false, status: 401, code: 'UNAUTHENTICATED', message: 'Sign in to use this call.' };
      }
      // The operator token is tooling, not a person: it owns no product.
      if (principal.kind === 'operator') {
        return {
          allowed: false,
          status: 403,
          code: 'FORBIDDEN',
          message: 'This call needs a signed-in user.',
        };
      }
      if (product && (principal.products as readonly string[]).includes(product)) return { allowed: true };
      return {
        allowed: false,
        status: 403,
        code: 'PRODUCT_NOT_OWNED',
        message: `This needs ${product ?? 'the product'}; buy it or use a licence key to unlock it.`,
      };
    }
  }
}
