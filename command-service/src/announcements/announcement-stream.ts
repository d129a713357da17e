import type { Pool } from 'pg';
import { type Announcement, type EventDataMap, announcementStreamId, formatPosition } from '@app/contracts';
import { PgEventStore } from '@app/server-kit';
import { type AnnouncementState, evolve, initialAnnouncementState } from './announcement';

/** One announcement's stream, folded: its state, the revision to expect, and what was published. */
export async function loadAnnouncement(pool: Pool, announcementId: string) {
  const events = await new PgEventStore(pool).readStream(announcementStreamId(announcementId));
  const state: AnnouncementState = events.reduce(evolve, initialAnnouncementState);
  const published = events.find((event) => event.type === 'AnnouncementPublished');
  return {
    state,
    revision: events.length - 1,
    published: published
      ? {
          announcement: toAnnouncement(published.data),
          position: formatPosition({ transactionId: published.transactionId, position: published.position }),
        }
      : undefined,
  };
}

/** The contract's shape (spec 3) of a published announcement. */
export function toAnnouncement(data: EventDataMap['AnnouncementPublished']): Announcement {
  return {
    id: data.announcementId,
    message: data.message,
    approved_at: data.approvedAt,
    expires_at: data.expiresAt,
    site_path: data.sitePath,
  };
}
