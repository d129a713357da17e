import { type Announcement, type EventDataMap, formatPosition } from '@app/contracts';
import type { Aggregate } from '../infrastructure/aggregate-store';
import { type AnnouncementState, evolve, initialAnnouncementState } from './announcement';

/** What a publication appended: the announcement as the contract shows it and the event's position. */
export type PublishedAnnouncement = { announcement: Announcement; position: string };

/**
 * One announcement's stream folded: its status (the rules of `announcement.ts`) and its first
 * publication, which a retried publish answers.
 */
export type AnnouncementStream = { status: AnnouncementState; published?: PublishedAnnouncement };

export const announcementAggregate: Aggregate<AnnouncementStream> = {
  initialState: () => ({ status: initialAnnouncementState }),
  evolve(state, event) {
    const status = evolve(state.status, event);
    if (event.type !== 'AnnouncementPublished' || state.published) return { ...state, status };
    const position = formatPosition({ transactionId: event.transactionId, position: event.position });
    return { status, published: { announcement: toAnnouncement(event.data), position } };
  },
};

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
