import { DomainError } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';
import type { AffiliateAccountState } from '../affiliate-account.aggregate';
import type { ExpireAffiliateCommand } from './expire-affiliate.command';

/** Expiring an unknown affiliate is refused; expiring an expired one appends nothing. */
export function decideExpireAffiliate(
  command: ExpireAffiliateCommand,
  state: AffiliateAccountState,
): NewEvent<'AffiliateExpired'>[] | DomainError {
  if (!state) return new DomainError('AFFILIATE_NOT_FOUND', `No affiliate ${command.affiliateId}.`);
  if (state.expired) return [];
  return [{ type: 'AffiliateExpired', data: { affiliateId: command.affiliateId } }];
}
