import { DomainError } from '@app/contracts';
import type { AffiliateAccountState } from '../affiliate-account.aggregate';
import { decideSendAffiliatePayout } from './decide-send-affiliate-payout';
import { SendAffiliatePayoutCommand } from './send-affiliate-payout.command';

const id = '7d7c3f4e-8a55-4d4f-9b59-3a6f1c2e0b11';
const context = { actor: { kind: 'staff' as const, id: 'operator' }, correlationId: 'c' };
const now = new Date('2024-04-01T00:00:00Z');
const enrolled: AffiliateAccountState = {
  account: { affiliateId: id, alias: 'a', email: 'a@b.c', cutFlat: 100, cutPerc: null, promocode: 'A' },
  expired: false,
  payouts: new Map([['2024-02', 500]]),
};

describe('send affiliate payout: given the affiliate stream, when a month is paid, then', () => {
  it('an ended month is paid with its earnings', () => {
    expect(
      decideSendAffiliatePayout(new SendAffiliatePayoutCommand(id, '2024-03', context, now), enrolled, 1897),
    ).toEqual([
      {
        type: 'AffiliatePayoutSent',
        data: { affiliateId: id, month: '2024-03', amount: 1897, sentAt: '2024-04-01T00:00:00.000Z' },
      },
    ]);
  });

  it('a month paid already appends nothing', () => {
    expect(
      decideSendAffiliatePayout(new SendAffiliatePayoutCommand(id, '2024-02', context, now), enrolled, 500),
    ).toEqual([]);
  });

  it.each(['2024-04', '2024-05'])('the current or a later month (%s) is refused', (month) => {
    const refusal = decideSendAffiliatePayout(
      new SendAffiliatePayoutCommand(id, month, context, now),
      enrolled,
      0,
    );
    expect((refusal as DomainError).code).toBe('AFFILIATE_MONTH_NOT_ENDED');
  });

  it('an unknown affiliate is refused', () => {
    const refusal = decideSendAffiliatePayout(
      new SendAffiliatePayoutCommand(id, '2024-03', context, now),
      null,
      0,
    );
    expect((refusal as DomainError).code).toBe('AFFILIATE_NOT_FOUND');
  });
});
