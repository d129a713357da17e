import type { ProductId } from '@app/contracts';

/*
 * What every page's shell needs of the products (the navigation drawer, the theme of a path, names):
 * kept apart from their marketing copy (products.ts), which only the pages that show it load.
 */

/** The shell's colour themes: one per product, `ae` (algorithms) by default (spec 2, Footer). */
export const themeKeys = ['ae', 'se', 'mle', 'fe', 'ie', 'ioe', 'bce', 'bke'] as const;
export type ThemeKey = (typeof themeKeys)[number];

/** The programming course is hosted elsewhere and opens in a new tab (spec 1). */
export const PROGRAMMING_PRODUCT_URL = 'https://www.programmingexpert.io/';

export type ProductEntry = {
  id: ProductId;
  name: string;
  theme: ThemeKey;
  /** Where the product page lives; an absolute url for a product hosted elsewhere. */
  productPath: string;
  indexPath: string | null;
  isExternal: boolean;
  /** Flagged off (spec 1): never linked, its routes are skipped. */
  isDisabled: boolean;
};

export const productIndex: Record<ProductId, ProductEntry> = {
  algoexpert: {
    id: 'algoexpert',
    name: 'AlgoExpert',
    theme: 'ae',
    productPath: '/product',
    indexPath: '/questions',
    isExternal: false,
    isDisabled: false,
  },
  systemsexpert: {
    id: 'systemsexpert',
    name: 'SystemsExpert',
    theme: 'se',
    productPath: '/systems/product',
    indexPath: '/systems/index',
    isExternal: false,
    isDisabled: false,
  },
  mlexpert: {
    id: 'mlexpert',
    name: 'MLExpert',
    theme: 'mle',
    productPath: '/machine-learning/product',
    indexPath: '/machine-learning/index',
    isExternal: false,
    isDisabled: false,
  },
  frontendexpert: {
    id: 'frontendexpert',
    name: 'FrontendExpert',
    theme: 'fe',
    productPath: '/frontend/product',
    indexPath: '/frontend/index',
    isExternal: false,
    isDisabled: false,
  },
  infraexpert: {
    id: 'infraexpert',
    name: 'InfraExpert',
    theme: 'ie',
    productPath: '/infrastructure/product',
    indexPath: '/infrastructure/index',
    isExternal: false,
    isDisabled: false,
  },
  iosexpert: {
    id: 'iosexpert',
    name: 'iOSExpert',
    theme: 'ioe',
    productPath: '/ios/product',
    indexPath: '/ios/index',
    isExternal: false,
    isDisabled: false,
  },
  blockchainexpert: {
    id: 'blockchainexpert',
    name: 'BlockchainExpert',
    theme: 'bce',
    productPath: '/blockchain/product',
    indexPath: '/blockchain/index',
    isExternal: false,
    isDisabled: false,
  },
  backendexpert: {
    id: 'backendexpert',
    name: 'BackendExpert',
    theme: 'bke',
    productPath: '/backend/product',
    indexPath: null,
    isExternal: false,
    isDisabled: true,
  },
  programmingexpert: {
    id: 'programmingexpert',
    name: 'ProgrammingExpert',
    theme: 'ae',
    productPath: PROGRAMMING_PRODUCT_URL,
    indexPath: null,
    isExternal: true,
    isDisabled: false,
  },
};

/** The eight products of the navigation drawer, in the spec's order (the disabled backend left out). */
export const navigationEntries: readonly ProductEntry[] = [
  productIndex.algoexpert,
  productIndex.systemsexpert,
  productIndex.mlexpert,
  productIndex.frontendexpert,
  productIndex.infraexpert,
  productIndex.iosexpert,
  productIndex.blockchainexpert,
  productIndex.programmingexpert,
];
