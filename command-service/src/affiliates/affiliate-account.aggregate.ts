import type { AffiliateEnrolled } from '@app/contracts';
import type { Aggregate } from '../infrastructure/aggregate-store';

/** An affiliate's stream folded: null until enrolled; the months paid, with the amount sent. */
export type AffiliateAccountState = {
  account: AffiliateEnrolled;
  expired: boolean;
  payouts: ReadonlyMap<string, number>;
} | null;

export const affiliateAccountAggregate: Aggregate<AffiliateAccountState> = {
  initialState: () => null,
  evolve(state, event) {
    switch (event.type) {
      case 'AffiliateEnrolled':
        return { account: event.data, expired: false, payouts: new Map() };
      case 'AffiliateExpired':
        return state && { ...state, expired: true };
      case 'AffiliatePayoutSent':
        return (
          state && { ...state, payouts: new Map(state.payouts).set(event.data.month, event.data.amount) }
        );
      default:
        return state;
    }
  },
};
