import { DomainError, type PromoCodeState } from '@app/contracts';
import { decideExpirePromoCode } from './decide-expire-promo-code';
import { ExpirePromoCodeCommand } from './expire-promo-code.command';

const command = new ExpirePromoCodeCommand(
  { code: 'SPRING' },
  { actor: { kind: 'staff', id: 'operator' }, correlationId: 'c' },
);
const state: PromoCodeState = {
  code: 'SPRING',
  percentOff: 20,
  amountOff: null,
  region: null,
  expiresAt: null,
  useLimit: null,
  ownerUserId: null,
  expired: false,
  uses: 0,
};

describe('expire promo code: given the code stream, when staff expire it, then', () => {
  it('a live code is expired', () => {
    expect(decideExpirePromoCode(command, state)).toEqual([
      { type: 'PromoCodeExpired', data: { code: 'SPRING' } },
    ]);
  });

  it('an expired code stays as it is', () => {
    expect(decideExpirePromoCode(command, { ...state, expired: true })).toEqual([]);
  });

  it('an unknown code is not found', () => {
    expect((decideExpirePromoCode(command, null) as DomainError).code).toBe('NOT_FOUND');
  });
});
