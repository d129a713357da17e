import type { SaleBannerStatus } from '../constants';

/** A timed sale: it starts, may be extended past a first deadline, and ends (ISO instants, UTC). */
export type FlashSale = { id: string; startsAt: string; extensionDate: string; endsAt: string };

/**
 * The promotion windows of spec 9 (Feb 2025, Jan 2025, Dec 2024, Feb 2026 and May 2024); the spec gives
 * the months only, so the days and hours are ours.
 */
export const flashSales: readonly FlashSale[] = [
  {
    id: 'may-2024',
    startsAt: '2024-05-20T16:00:00Z',
    extensionDate: '2024-05-24T07:00:00Z',
    endsAt: '2024-05-27T07:00:00Z',
  },
  {
    id: 'dec-2024',
    startsAt: '2024-12-02T16:00:00Z',
    extensionDate: '2024-12-06T08:00:00Z',
    endsAt: '2024-12-09T08:00:00Z',
  },
  {
    id: 'jan-2025',
    startsAt: '2025-01-06T16:00:00Z',
    extensionDate: '2025-01-10T08:00:00Z',
    endsAt: '2025-01-13T08:00:00Z',
  },
  {
    id: 'feb-2025',
    startsAt: '2025-02-10T16:00:00Z',
    extensionDate: '2025-02-14T08:00:00Z',
    endsAt: '2025-02-17T08:00:00Z',
  },
  {
    id: 'feb-2026',
    startsAt: '2026-02-09T16:00:00Z',
    extensionDate: '2026-02-13T08:00:00Z',
    endsAt: '2026-02-16T08:00:00Z',
  },
];

/** Spec 4: notStarted before the start, beforeExtensionDate, afterExtensionDate, ended after the end. */
export function saleBannerStatus(sale: FlashSale, now: number): SaleBannerStatus {
  if (now < Date.parse(sale.startsAt)) return 'notStarted';
  if (now >= Date.parse(sale.endsAt)) return 'ended';
  return now < Date.parse(sale.extensionDate) ? 'beforeExtensionDate' : 'afterExtensionDate';
}

/** The sale the banner is about: the one running now, else the next to start, else the last one. */
export function currentFlashSale(now: number, sales: readonly FlashSale[] = flashSales): FlashSale | null {
  const running = sales.find((sale) => {
    const status = saleBannerStatus(sale, now);
    return status === 'beforeExtensionDate' || status === 'afterExtensionDate';
  });
  if (running) return running;
  const upcoming = sales
    .filter((sale) => saleBannerStatus(sale, now) === 'notStarted')
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  return upcoming[0] ?? sales[sales.length - 1] ?? null;
}

/** The countdown aims at the extension date while it is in the future, else at the end (spec 4). */
export function saleCountdownTarget(sale: FlashSale, now: number): number {
  const extension = Date.parse(sale.extensionDate);
  return now < extension ? extension : Date.parse(sale.endsAt);
}

export type Countdown = { days: number; hours: number; mins: number; secs: number };

/** Whole days, hours, minutes and seconds left until `target`; zeros once it has passed. */
export function countdownParts(target: number, now: number): Countdown {
  const totalSeconds = Math.max(0, Math.floor((target - now) / 1000));
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3600),
    mins: Math.floor((totalSeconds % 3600) / 60),
    secs: totalSeconds % 60,
  };
}
