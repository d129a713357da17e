import { DomainError, type PromoCodeState } from '@app/contracts';
import type { Decision } from '../../../infrastructure/aggregate-store';
import type { CreatePromoCodeCommand } from './create-promo-code.command';

/** A code is created once: creating it again with the same terms is a no-op, with others a conflict. */
export function decideCreatePromoCode(
  { request }: CreatePromoCodeCommand,
  state: PromoCodeState | null,
): Decision {
  if (state) {
    const same =
      state.percentOff === request.percentOff &&
      state.amountOff === request.amountOff &&
      state.region === request.region &&
      state.expiresAt === request.expiresAt &&
      state.useLimit === request.useLimit &&
      state.ownerUserId === request.ownerUserId;
    if (same) return [];
    return new DomainError(
      'WRONG_EXPECTED_VERSION',
      `The promo code ${request.code} exists with other terms.`,
    );
  }
  return [{ type: 'PromoCodeCreated', data: request }];
}
