import type { PromoCodeState } from '@app/contracts';
import type { Aggregate } from '../../infrastructure/aggregate-store';

/** A promo code's stream folded: null until it is created; its uses count its redemptions. */
export const promoCodeAggregate: Aggregate<PromoCodeState | null> = {
  initialState: () => null,
  evolve(state, event) {
    switch (event.type) {
      case 'PromoCodeCreated':
        return { ...event.data, expired: false, uses: 0 };
      case 'PromoCodeExpired':
        return state && { ...state, expired: true };
      case 'PromoCodeRedeemed':
        return state && { ...state, uses: state.uses + 1 };
      default:
        return state;
    }
  },
};
