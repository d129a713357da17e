import { DomainError, monthOf } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';
import type { AffiliateAccountState } from '../affiliate-account.aggregate';
import type { SendAffiliatePayoutCommand } from './send-affiliate-payout.command';

/**
 * A payout is for a month that has ended (UTC), once per affiliate and month: a second one appends
 * nothing. `earnings` is the month's earnings in cents (contracts' affiliateMonthlyEarnings).
 */
export function decideSendAffiliatePayout(
  command: SendAffiliatePayoutCommand,
  state: AffiliateAccountState,
  earnings: number,
): NewEvent<'AffiliatePayoutSent'>[] | DomainError {
  if (!state) return new DomainError('AFFILIATE_NOT_FOUND', `No affiliate ${command.affiliateId}.`);
  if (command.month >= monthOf(command.now)) {
    return new DomainError(
      'AFFILIATE_MONTH_NOT_ENDED',
      `${command.month} has not ended yet: payouts are for past months.`,
    );
  }
  if (state.payouts.has(command.month)) return [];
  return [
    {
      type: 'AffiliatePayoutSent',
      data: {
        affiliateId: command.affiliateId,
        month: command.month,
        amount: earnings,
        sentAt: command.now.toISOString(),
      },
    },
  ];
}
