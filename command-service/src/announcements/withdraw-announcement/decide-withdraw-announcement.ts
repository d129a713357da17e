import { DomainError } from '@app/contracts';
import type { Decision } from '../../infrastructure/aggregate-store';
import { decideWithdraw } from '../announcement';
import type { AnnouncementStream } from '../announcement.aggregate';
import type { WithdrawAnnouncementCommand } from './withdraw-announcement.command';

/**
 * An unknown announcement is refused (404); one withdrawn already appends nothing (an idempotent
 * success, so a retried request does not fail); a published one gets its AnnouncementWithdrawn.
 */
export function decideWithdrawAnnouncement(
  { request }: WithdrawAnnouncementCommand,
  state: AnnouncementStream,
): Decision {
  const decision = decideWithdraw(state.status, request.announcementId);
  switch (decision.outcome) {
    case 'notFound':
      return new DomainError('NOT_FOUND', `No announcement has the id ${request.announcementId}.`);
    case 'alreadyWithdrawn':
      return [];
    case 'withdraw':
      return decision.events;
  }
}
