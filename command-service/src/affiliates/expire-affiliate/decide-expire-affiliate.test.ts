import { DomainError } from '@app/contracts';
import type { AffiliateAccountState } from '../affiliate-account.aggregate';
import { decideExpireAffiliate } from './decide-expire-affiliate';
import { ExpireAffiliateCommand } from './expire-affiliate.command';

const id = '7d7c3f4e-8a55-4d4f-9b59-3a6f1c2e0b11';
const command = new ExpireAffiliateCommand(id, {
  actor: { kind: 'staff', id: 'operator' },
  correlationId: 'c',
});
const enrolled: AffiliateAccountState = {
  account: { affiliateId: id, alias: 'a', email: 'a@b.c', cutFlat: 100, cutPerc: null, promocode: 'A' },
  expired: false,
  payouts: new Map(),
};

describe('expire affiliate: given the affiliate stream, when staff expire it, then', () => {
  it('an active affiliate expires', () => {
    expect(decideExpireAffiliate(command, enrolled)).toEqual([
      { type: 'AffiliateExpired', data: { affiliateId: id } },
    ]);
  });

  it('an expired one appends nothing', () => {
    expect(decideExpireAffiliate(command, { ...enrolled, expired: true })).toEqual([]);
  });

  it('an unknown one is refused', () => {
    expect((decideExpireAffiliate(command, null) as DomainError).code).toBe('AFFILIATE_NOT_FOUND');
  });
});
