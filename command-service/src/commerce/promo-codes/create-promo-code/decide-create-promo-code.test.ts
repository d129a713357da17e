import { DomainError } from '@app/contracts';
import { decideCreatePromoCode } from './decide-create-promo-code';
import { CreatePromoCodeCommand } from './create-promo-code.command';

const request = {
  code: 'SPRING',
  percentOff: 20,
  amountOff: null,
  region: 'US',
  expiresAt: '2030-01-01T00:00:00.000Z',
  useLimit: 5,
  ownerUserId: null,
};
const command = new CreatePromoCodeCommand(request, {
  actor: { kind: 'staff', id: 'operator' },
  correlationId: 'c',
});

describe('create promo code: given the code stream, when staff create it, then', () => {
  it('a new code is created with its terms', () => {
    expect(decideCreatePromoCode(command, null)).toEqual([{ type: 'PromoCodeCreated', data: request }]);
  });

  it('the same terms again append nothing', () => {
    expect(decideCreatePromoCode(command, { ...request, expired: false, uses: 3 })).toEqual([]);
  });

  it('other terms for an existing code are a conflict', () => {
    const refusal = decideCreatePromoCode(command, { ...request, percentOff: 50, expired: false, uses: 0 });
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).code).toBe('WRONG_EXPECTED_VERSION');
  });
});
