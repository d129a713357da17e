import {
  AFFILIATE_ATTRIBUTION_WINDOW_MS,
  AFFILIATE_CODE_QUERY_PARAM,
  PROMO_CODE_QUERY_PARAM,
} from '@app/contracts';

/*
 * Spec 5: the affiliate code comes from `?r=`, a promo code from `?a=`; each is ignored when empty or
 * given more than once. The affiliate attribution lasts 30 days from when it was saved. Both are kept in
 * local storage so a purchase days later still credits the affiliate and applies the code.
 */

export const AFFILIATE_STORAGE_KEY = 'ae_affiliate';
export const PROMO_CODE_STORAGE_KEY = 'ae_promo_code';

type SavedAffiliate = { code: string; savedAt: number };

/** The parameter's value when it appears exactly once and is not blank; null otherwise. */
export function singleParam(search: URLSearchParams, name: string): string | null {
  const values = search.getAll(name);
  if (values.length !== 1) return null;
  const value = values[0].trim();
  return value ? value : null;
}

/** Clicks seen on this page and not yet sent: the tracker sends them once startup tracking begins. */
const pendingClicks: string[] = [];
const pendingListeners = new Set<() => void>();

/**
 * Reads `r` and `a` from a url's query: a valid affiliate code is saved (its 30 days start now) and its
 * click queued for tracking; a valid promo code is saved.
 */
export function captureReferralParams(search: string, now = Date.now()): void {
  const params = new URLSearchParams(search);
  const affiliateCode = singleParam(params, AFFILIATE_CODE_QUERY_PARAM);
  const promoCode = singleParam(params, PROMO_CODE_QUERY_PARAM);
  if (affiliateCode) {
    writeStorage(
      AFFILIATE_STORAGE_KEY,
      JSON.stringify({ code: affiliateCode, savedAt: now } satisfies SavedAffiliate),
    );
    pendingClicks.push(affiliateCode);
    pendingListeners.forEach((listener) => listener());
  }
  if (promoCode) writeStorage(PROMO_CODE_STORAGE_KEY, promoCode);
  // An attribution past its 30 days is forgotten on the next visit.
  readAffiliateCode(now);
}

/** The affiliate to credit, or null when none was saved or its 30 days are over (then it is forgotten). */
export function readAffiliateCode(now = Date.now()): string | null {
  const raw = readStorage(AFFILIATE_STORAGE_KEY);
  if (!raw) return null;
  try {
    const saved = JSON.parse(raw) as Partial<SavedAffiliate>;
    if (typeof saved.code === 'string' && typeof saved.savedAt === 'number') {
      if (now - saved.savedAt <= AFFILIATE_ATTRIBUTION_WINDOW_MS) return saved.code;
    }
  } catch {
    // A damaged entry is dropped below like an expired one.
  }
  removeStorage(AFFILIATE_STORAGE_KEY);
  return null;
}

export function readPromoCode(): string | null {
  return readStorage(PROMO_CODE_STORAGE_KEY);
}

/** Takes the queued clicks; `onQueued` hears of later ones. Returns the unsubscribe function. */
export function drainAffiliateClicks(onClick: (code: string) => void): () => void {
  function flush() {
    while (pendingClicks.length > 0) onClick(pendingClicks.shift()!);
  }
  flush();
  pendingListeners.add(flush);
  return () => pendingListeners.delete(flush);
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Without storage the codes last as long as the page.
  }
}

function removeStorage(key: string) {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to forget.
  }
}
