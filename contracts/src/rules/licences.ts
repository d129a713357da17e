import { ALL_ACCESS, type ProductId, allAccessProductIds } from '../constants';
import type { ErrorCode } from '../errors';
import type { EventDataMap } from '../events/catalog';

/*
 * Team licence arithmetic (spec 4, "Licence keys") as one pure rule. A holder's licence is seats per
 * product, each product valid until its licence year ends. A key draws `count` seats of one product
 * (its maximum uses): adding a key lowers the unused count by its count and lists it first, deleting
 * returns the seats not redeemed yet, editing adjusts unused by the difference. The spec shows no
 * bounds; these are ours: a key never takes more seats than are unused, its maximum uses never drop
 * below its redemptions, a learner redeems a key once, and an expired licence admits no redemption
 * (nor a new key). Deleting keeps the access already granted, so the redeemed seats stay used.
 */

/** What licences are sold for: a product, or the all-access bundle. */
export type LicensedProduct = ProductId | typeof ALL_ACCESS;

/** A licence year is 366 days (spec 9). */
export const LICENCE_YEAR_MS = 366 * 24 * 60 * 60 * 1000;

export type LicenceRedemption = { userId: string; appliedAt: string };

export type LicenceKeyRecord = {
  code: string;
  name: string;
  /** Maximum uses. */
  count: number;
  product: LicensedProduct;
  /** What a redemption grants (the key's product; allaccess expands when owned). */
  allowedProducts: LicensedProduct[];
  isEnterprise: boolean;
  redemptions: LicenceRedemption[];
};

export type LicenceSeats = {
  /** Seats bought. */
  total: number;
  /** Seats in no key: what a new key may take. */
  unused: number;
  /** End of the licence year (the latest purchase's). */
  expiresAt: string;
  isEnterprise: boolean;
};

/** A licence purchase as the book remembers it, so a refund can take its seats back. */
export type LicencePurchase = { products: LicensedProduct[]; seats: number; withdrawn: boolean };

export type LicenceBook = {
  seats: Partial<Record<LicensedProduct, LicenceSeats>>;
  /** Live keys, the newest first. */
  keys: LicenceKeyRecord[];
  /** Redemptions of deleted keys stay counted as used seats (their access stays granted). */
  retiredRedemptions: Partial<Record<LicensedProduct, number>>;
  /** The purchases that added seats, by checkout session (absent from books folded before refunds). */
  purchases?: Record<string, LicencePurchase>;
};

export type LicenceChange =
  | {
      kind: 'addSeats';
      /** The checkout that bought them (absent in older tests' changes: not refundable). */
      purchaseId?: string;
      products: LicensedProduct[];
      seats: number;
      isEnterprise: boolean;
      expiresAt: string;
    }
  | { kind: 'withdrawSeats'; purchaseId: string; products: LicensedProduct[]; seats: number }
  | { kind: 'createKey'; code: string; name: string; count: number; product: LicensedProduct }
  | { kind: 'editKey'; code: string; name?: string; count?: number }
  | { kind: 'deleteKey'; code: string }
  | { kind: 'applyKey'; code: string; userId: string; appliedAt: string };

export type LicenceRefusal = {
  refused: true;
  code: Extract<ErrorCode, `LICENCE_${string}`>;
  message: string;
};

export const emptyLicenceBook = (): LicenceBook => ({ seats: {}, keys: [], retiredRedemptions: {} });

const refuse = (code: LicenceRefusal['code'], message: string): LicenceRefusal => ({
  refused: true,
  code,
  message,
});

export const isLicenceRefusal = (value: LicenceBook | LicenceRefusal): value is LicenceRefusal =>
  'refused' in value;

/** The products a redemption of this key makes the learner own. */
export function grantedProducts(key: Pick<LicenceKeyRecord, 'allowedProducts'>): LicensedProduct[] {
  return [...key.allowedProducts];
}

/** Seats of a product taken by keys or by redemptions of deleted keys. */
export function usedSeats(book: LicenceBook, product: LicensedProduct): number {
  const seats = book.seats[product];
  return seats ? seats.total - seats.unused : 0;
}

/** Whether a product's licence year is over at `now`. */
export function licenceExpired(seats: LicenceSeats | undefined, now: Date): boolean {
  return !seats || Date.parse(seats.expiresAt) <= now.getTime();
}

/**
 * The rule: the book after `change`, or why it is refused. `now` decides expiry. Applied to a stored
 * fact with `check: false` it never refuses (events are history, already decided).
 */
export function changeLicence(
  book: LicenceBook,
  change: LicenceChange,
  now: Date,
  { check = true }: { check?: boolean } = {},
): LicenceBook | LicenceRefusal {
  switch (change.kind) {
    case 'addSeats': {
      const seats = { ...book.seats };
      for (const product of change.products) {
        const before = seats[product];
        seats[product] = {
          total: (before?.total ?? 0) + change.seats,
          unused: (before?.unused ?? 0) + change.seats,
          expiresAt:
            before && Date.parse(before.expiresAt) > Date.parse(change.expiresAt)
              ? before.expiresAt
              : change.expiresAt,
          isEnterprise: (before?.isEnterprise ?? false) || change.isEnterprise,
        };
      }
      const purchases = change.purchaseId
        ? {
            ...book.purchases,
            [change.purchaseId]: { products: change.products, seats: change.seats, withdrawn: false },
          }
        : book.purchases;
      return { ...book, seats, ...(purchases ? { purchases } : {}) };
    }
    case 'withdrawSeats':
      return withdrawSeats(book, change);
    case 'createKey': {
      const pool = book.seats[change.product];
      if (check) {
        if (!pool) {
          return refuse(
            'LICENCE_PRODUCT_NOT_LICENSED',
            `Your licence has no seats of ${change.product}; buy seats first.`,
          );
        }
        if (licenceExpired(pool, now)) {
          return refuse('LICENCE_EXPIRED', `Your ${change.product} licence expired on ${pool.expiresAt}.`);
        }
        if (change.count > pool.unused) {
          return refuse(
            'LICENCE_NOT_ENOUGH_SEATS',
            `Only ${pool.unused} unused ${change.product} seat(s) are left; the key asks for ${change.count}.`,
          );
        }
        if (book.keys.some((k) => k.code === change.code)) {
          return refuse('LICENCE_NOT_ENOUGH_SEATS', `The key code ${change.code} is taken; try again.`);
        }
      }
      const key: LicenceKeyRecord = {
        code: change.code,
        name: change.name,
        count: change.count,
        product: change.product,
        allowedProducts: [change.product],
        isEnterprise: pool?.isEnterprise ?? false,
        redemptions: [],
      };
      return {
        ...book,
        seats: withUnused(book, change.product, -change.count),
        keys: [key, ...book.keys],
      };
    }
    case 'editKey': {
      const key = book.keys.find((k) => k.code === change.code);
      if (!key) return check ? unknownKey(change.code) : book;
      const count = change.count ?? key.count;
      const difference = count - key.count;
      if (check) {
        const unused = book.seats[key.product]?.unused ?? 0;
        if (count < key.redemptions.length) {
          return refuse(
            'LICENCE_COUNT_BELOW_REDEMPTIONS',
            `The key has been redeemed ${key.redemptions.length} time(s); its maximum uses cannot be lower.`,
          );
        }
        if (difference > unused) {
          return refuse(
            'LICENCE_NOT_ENOUGH_SEATS',
            `Only ${unused} unused ${key.product} seat(s) are left; raising the key by ${difference} needs more.`,
          );
        }
      }
      const edited = { ...key, name: change.name ?? key.name, count };
      return {
        ...book,
        seats: withUnused(book, key.product, -difference),
        keys: book.keys.map((k) => (k.code === key.code ? edited : k)),
      };
    }
    case 'deleteKey': {
      const key = book.keys.find((k) => k.code === change.code);
      if (!key) return check ? unknownKey(change.code) : book;
      const redeemed = key.redemptions.length;
      return {
        ...book,
        seats: withUnused(book, key.product, key.count - redeemed),
        keys: book.keys.filter((k) => k.code !== key.code),
        retiredRedemptions: {
          ...book.retiredRedemptions,
          [key.product]: (book.retiredRedemptions[key.product] ?? 0) + redeemed,
        },
      };
    }
    case 'applyKey': {
      const key = book.keys.find((k) => k.code === change.code);
      if (!key) return check ? unknownKey(change.code) : book;
      if (check) {
        if (key.redemptions.some((r) => r.userId === change.userId)) {
          return refuse('LICENCE_KEY_ALREADY_APPLIED', 'You have already redeemed this licence key.');
        }
        if (licenceExpired(book.seats[key.product], now)) {
          return refuse('LICENCE_EXPIRED', 'The licence behind this key has expired.');
        }
        if (key.redemptions.length >= key.count) {
          return refuse(
            'LICENCE_KEY_EXHAUSTED',
            `This licence key has already been used the maximum number of times (${key.count}).`,
          );
        }
      }
      const applied = {
        ...key,
        redemptions: [...key.redemptions, { userId: change.userId, appliedAt: change.appliedAt }],
      };
      return { ...book, keys: book.keys.map((k) => (k.code === key.code ? applied : k)) };
    }
  }
}

/**
 * A refunded purchase's seats leave the licence: per product, the unused seats first, then the
 * unredeemed uses of its keys, the newest key first (a key left with no use and no redemption goes).
 * Seats already redeemed stay, in the total too: the learners keep the access they were given. Withdrawing a purchase
 * twice, or one the book does not know, changes nothing.
 */
function withdrawSeats(
  book: LicenceBook,
  change: Extract<LicenceChange, { kind: 'withdrawSeats' }>,
): LicenceBook {
  const purchase = book.purchases?.[change.purchaseId];
  if (!purchase || purchase.withdrawn) return book;
  const seats = { ...book.seats };
  let keys = book.keys;
  for (const product of change.products) {
    const pool = seats[product];
    if (!pool) continue;
    const fromUnused = Math.min(pool.unused, change.seats);
    let remaining = change.seats - fromUnused;
    keys = keys.flatMap((key) => {
      if (remaining === 0 || key.product !== product) return [key];
      const cut = Math.min(key.count - key.redemptions.length, remaining);
      remaining -= cut;
      const count = key.count - cut;
      return count === 0 ? [] : [{ ...key, count }];
    });
    // Seats redeemed stay counted in the total: they are in use and cannot be taken back.
    seats[product] = {
      ...pool,
      total: pool.total - (change.seats - remaining),
      unused: pool.unused - fromUnused,
    };
  }
  return {
    ...book,
    seats,
    keys,
    purchases: { ...book.purchases, [change.purchaseId]: { ...purchase, withdrawn: true } },
  };
}

function withUnused(book: LicenceBook, product: LicensedProduct, delta: number): LicenceBook['seats'] {
  const pool = book.seats[product];
  if (!pool) return book.seats;
  return { ...book.seats, [product]: { ...pool, unused: pool.unused + delta } };
}

function unknownKey(code: string): LicenceRefusal {
  return refuse('LICENCE_KEY_UNKNOWN', `There is no licence key "${code}".`);
}

/** What a holder sees per product: seats bought, in keys, redeemed, unused, and the expiry. */
export function licenceSeatSummary(book: LicenceBook) {
  return Object.entries(book.seats).map(([product, seats]) => ({
    product: product as LicensedProduct,
    total: seats.total,
    unused: seats.unused,
    redeemed:
      book.keys.filter((k) => k.product === product).reduce((n, k) => n + k.redemptions.length, 0) +
      (book.retiredRedemptions[product as LicensedProduct] ?? 0),
    expiresAt: seats.expiresAt,
  }));
}

/** The products a licence key may be created for: those with seats, all-access expanded for display. */
export function licensedProductsOf(book: LicenceBook): LicensedProduct[] {
  return Object.keys(book.seats) as LicensedProduct[];
}

/** allaccess covers these products (for showing what a key unlocked). */
export function expandLicensedProducts(products: readonly LicensedProduct[]): ProductId[] {
  const expanded = new Set<ProductId>();
  for (const p of products) {
    if (p === ALL_ACCESS) allAccessProductIds.forEach((a) => expanded.add(a));
    else expanded.add(p);
  }
  return [...expanded];
}

/** A new key code: 4 groups of 4 from an alphabet without look-alikes, from `random` bytes. */
export function formatLicenceKeyCode(random: Uint8Array): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const chars = Array.from(random.slice(0, 16), (b) => alphabet[b % alphabet.length]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/** Codes are matched regardless of case and surrounding spaces. */
export const normalizeLicenceKeyCode = (code: string) => code.trim().toUpperCase();

const licenceEventTypes = [
  'LicenceSeatsAdded',
  'LicenceSeatsWithdrawn',
  'LicenceKeyCreated',
  'LicenceKeyEdited',
  'LicenceKeyDeleted',
  'LicenceKeyApplied',
] as const;
export type LicenceEventType = (typeof licenceEventTypes)[number];
export type LicenceEvent = { [K in LicenceEventType]: { type: K; data: EventDataMap[K] } }[LicenceEventType];
export const LICENCE_EVENT_TYPES: readonly LicenceEventType[] = licenceEventTypes;

/** The change a stored licence fact made. */
export function licenceChangeOf(event: LicenceEvent, occurredAt: string): LicenceChange {
  switch (event.type) {
    case 'LicenceSeatsAdded':
      return {
        kind: 'addSeats',
        purchaseId: event.data.purchaseId,
        products: event.data.products,
        seats: event.data.seats,
        isEnterprise: event.data.isEnterprise,
        expiresAt: event.data.expiresAt,
      };
    case 'LicenceSeatsWithdrawn':
      return {
        kind: 'withdrawSeats',
        purchaseId: event.data.purchaseId,
        products: event.data.products,
        seats: event.data.seats,
      };
    case 'LicenceKeyCreated':
      return {
        kind: 'createKey',
        code: event.data.code,
        name: event.data.name,
        count: event.data.count,
        product: event.data.product,
      };
    case 'LicenceKeyEdited':
      return { kind: 'editKey', code: event.data.code, name: event.data.name, count: event.data.count };
    case 'LicenceKeyDeleted':
      return { kind: 'deleteKey', code: event.data.code };
    case 'LicenceKeyApplied':
      return { kind: 'applyKey', code: event.data.code, userId: event.data.userId, appliedAt: occurredAt };
  }
}

/**
 * A licence store after one stored fact: the rule applied without its checks (the fact was decided).
 * The command side's aggregate and the read model both fold with this, so they agree on every number.
 */
export function foldLicenceEvent(book: LicenceBook, event: LicenceEvent, occurredAt: string): LicenceBook {
  const next = changeLicence(book, licenceChangeOf(event, occurredAt), new Date(occurredAt), {
    check: false,
  });
  return isLicenceRefusal(next) ? book : next;
}

export const isLicenceEvent = (event: { type: string }): event is LicenceEvent =>
  (licenceEventTypes as readonly string[]).includes(event.type);
