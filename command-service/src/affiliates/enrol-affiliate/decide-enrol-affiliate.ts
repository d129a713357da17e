import { DomainError } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';
import type { EnrolAffiliateCommand } from './enrol-affiliate.command';

/** An alias and a promo code name one affiliate each: a taken one is refused, nothing appended. */
export function decideEnrolAffiliate(
  { request }: EnrolAffiliateCommand,
  affiliateId: string,
  taken: { aliasTaken: boolean; promocodeTaken: boolean },
): NewEvent<'AffiliateEnrolled'>[] | DomainError {
  if (taken.aliasTaken) {
    return new DomainError('AFFILIATE_ALIAS_TAKEN', `Another affiliate has the alias ${request.alias}.`);
  }
  if (taken.promocodeTaken) {
    return new DomainError(
      'AFFILIATE_PROMOCODE_TAKEN',
      `Another affiliate has the promo code ${request.promocode}.`,
    );
  }
  return [
    {
      type: 'AffiliateEnrolled',
      data: {
        affiliateId,
        alias: request.alias,
        email: request.email.trim().toLowerCase(),
        cutFlat: request.cutFlat,
        cutPerc: request.cutPerc,
        promocode: request.promocode,
      },
    },
  ];
}
