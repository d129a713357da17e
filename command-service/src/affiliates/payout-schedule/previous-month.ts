import { monthOf } from '@app/contracts';

/** The month before the one `now` is in (UTC), YYYY-MM: the month a payout run on the 1st pays. */
export function previousMonth(now: Date): string {
  return monthOf(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
}
