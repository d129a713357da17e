/* Sale banner and promotions (spec 4, 9). */

export const saleBannerTexts = {
  title: 'FLASH SALE',
  subtitle: '7 PRODUCTS FOR OVER 80% OFF',
  button: 'BUY NOW',
} as const;
export const saleBannerStatuses = [
  'notStarted',
  'beforeExtensionDate',
  'afterExtensionDate',
  'ended',
] as const;
export type SaleBannerStatus = (typeof saleBannerStatuses)[number];
/** Route groups on which the sale banner is never shown. */
export const saleBannerHiddenRouteGroups = [
  'workspace',
  'account',
  'licence',
  'partner',
  'affiliate',
  'transfer',
  'confirmation',
] as const;
export const SALE_BANNER_COUNTDOWN_REFRESH_MS = 100;
/** `?sale-banner=false` hides the banner and marks it dismissed. */
export const SALE_BANNER_QUERY_PARAM = 'sale-banner';
