import { DomainError, type PromoCodeState } from '@app/contracts';
import type { Decision } from '../../../infrastructure/aggregate-store';
import type { ExpirePromoCodeCommand } from './expire-promo-code.command';

/** Ends a code; an unknown code is NOT_FOUND, one ended already stays ended (no second event). */
export function decideExpirePromoCode(
  { request }: ExpirePromoCodeCommand,
  state: PromoCodeState | null,
): Decision {
  if (!state) return new DomainError('NOT_FOUND', `There is no promo code ${request.code}.`);
  if (state.expired) return [];
  return [{ type: 'PromoCodeExpired', data: { code: request.code } }];
}
