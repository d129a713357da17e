import { invalidField } from '@app/contracts';
import type { Decision } from '../../infrastructure/aggregate-store';
import { decidePublish } from '../announcement';
import type { AnnouncementStream } from '../announcement.aggregate';
import type { PublishAnnouncementCommand } from './publish-announcement.command';

/**
 * An expiry not after now is refused about body.expiresAt (checked first, as for a new one); an
 * announcement whose stream holds a publication already (a retry under the same Idempotency-Key)
 * appends nothing, and the handler answers what was published; otherwise one AnnouncementPublished.
 */
export function decidePublishAnnouncement(
  { request }: PublishAnnouncementCommand,
  state: AnnouncementStream,
): Decision {
  const { now, ...announcement } = request;
  const decision = decidePublish(announcement, now);
  if ('refused' in decision) {
    return invalidField(`body.${decision.refused.field}`, decision.refused.message);
  }
  return state.published ? [] : decision.events;
}
