import { DomainError } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';
import type { AssignPartnerGroupCommand } from './assign-partner-group.command';

/** A group names enrolled affiliates only (each once); an unknown one is refused, nothing appended. */
export function decideAssignPartnerGroup(
  { request }: AssignPartnerGroupCommand,
  partnerId: string,
  enrolled: ReadonlySet<string>,
): NewEvent<'PartnerGroupAssigned'>[] | DomainError {
  const unknown = request.affiliateIds.filter((id) => !enrolled.has(id));
  if (unknown.length > 0) {
    return new DomainError('AFFILIATE_NOT_FOUND', `No affiliate ${unknown.join(', ')}.`);
  }
  return [
    {
      type: 'PartnerGroupAssigned',
      data: {
        partnerId,
        email: request.email.trim().toLowerCase(),
        affiliateIds: [...new Set(request.affiliateIds)],
      },
    },
  ];
}
