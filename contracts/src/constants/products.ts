/* Products, plans, roles and sign-in providers (spec 1, 3, 6, 7). */

/** Products of spec section 1. backendexpert is flagged not yet enabled. */
export const productIds = [
  'algoexpert',
  'systemsexpert',
  'mlexpert',
  'frontendexpert',
  'infraexpert',
  'iosexpert',
  'blockchainexpert',
  'backendexpert',
  'programmingexpert',
] as const;
export type ProductId = (typeof productIds)[number];

/** Products served under /api/problems/v1/{product}/ (spec 7, Problems). */
export const problemProductIds = [
  'algoexpert',
  'systemsexpert',
  'frontendexpert',
  'mlexpert',
  'infraexpert',
  'iosexpert',
  'blockchainexpert',
] as const satisfies readonly ProductId[];
export type ProblemProductId = (typeof problemProductIds)[number];

/** unlocks/get also answers for backendexpert (spec 7). */
export const unlockProductIds = [
  ...problemProductIds,
  'backendexpert',
] as const satisfies readonly ProductId[];
export type UnlockProductId = (typeof unlockProductIds)[number];

/** Pseudo-product for the all-products bundle. */
export const ALL_ACCESS = 'allaccess';
export type AllAccess = typeof ALL_ACCESS;

/**
 * What allaccess expands to in the store logic: six products (spec 6).
 * The spec's notes disagree on the sixth member (one reading has blockchainexpert, another
 * excludes it); the count six is stable, so we follow the reading that includes blockchainexpert.
 */
export const allAccessProductIds = [
  'algoexpert',
  'systemsexpert',
  'mlexpert',
  'frontendexpert',
  'infraexpert',
  'blockchainexpert',
] as const satisfies readonly ProductId[];

/** Purchase plan types with how many products each counts (spec 3, 9). allAccess counts 7 here, not 6. */
export const purchasePlans = {
  single: { productCount: 1, label: 'Single Product' },
  double: { productCount: 2, label: 'Double Bundle' },
  allAccess: { productCount: 7, label: 'All Access' },
} as const;
export type PurchasePlanType = keyof typeof purchasePlans;

/**
 * Roles of spec 3: one per product plus staff and student, and the platform's analyst (issue 21: the
 * analytics workspace). premiumv1 is the algoexpert role.
 */
export const roles = [
  'premiumv1',
  'systemsexpertv1',
  'mlexpertv1',
  'programmingexpertv1',
  'frontendexpertv1',
  'infraexpertv1',
  'iosexpertv1',
  'backendexpertv1',
  'blockchainexpertv1',
  'staff',
  'student',
  'analyst',
] as const;
export type Role = (typeof roles)[number];

/** Which role grants which product (ownership is role or active subscription, spec 6). */
export const productRoles = {
  algoexpert: 'premiumv1',
  systemsexpert: 'systemsexpertv1',
  mlexpert: 'mlexpertv1',
  programmingexpert: 'programmingexpertv1',
  frontendexpert: 'frontendexpertv1',
  infraexpert: 'infraexpertv1',
  iosexpert: 'iosexpertv1',
  backendexpert: 'backendexpertv1',
  blockchainexpert: 'blockchainexpertv1',
} as const satisfies Record<ProductId, Role>;

/** Providers a user account can carry (spec 3). */
export const oauthProviders = ['default', 'facebook', 'fake', 'github', 'google', 'linkedin'] as const;
export type OAuthProvider = (typeof oauthProviders)[number];

/** Providers offered in the sign-in dialog, in button order (spec 2, 9). */
export const signInProviders = ['google', 'github', 'facebook', 'linkedin'] as const;
export type SignInProvider = (typeof signInProviders)[number];

/** Providers the OAuth start call accepts: the four real ones plus `fake` for tests and local runs. */
export const oauthStartProviders = [...signInProviders, 'fake'] as const;
export type OAuthStartProvider = (typeof oauthStartProviders)[number];

export const signInProviderLabels = {
  google: 'Google',
  github: 'GitHub',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
} as const satisfies Record<SignInProvider, string>;
