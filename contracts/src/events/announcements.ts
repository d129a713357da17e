import { z } from 'zod';
import { defineEvent } from './define';

const timestamp = z.iso.datetime({ offset: true });

/**
 * Staff approved an announcement (spec 3, Announcement). The message is HTML as staff wrote it: the
 * web sanitises it when it renders it. sitePath null is a general announcement; a path makes it
 * page-specific. expiresAt null never expires (until withdrawn).
 */
export const AnnouncementPublishedV1 = defineEvent({
  type: 'AnnouncementPublished',
  version: 1,
  schema: z.object({
    announcementId: z.string().min(1).max(200),
    message: z.string().min(1).max(10_000),
    sitePath: z.string().min(1).max(2000).nullable(),
    approvedAt: timestamp,
    expiresAt: timestamp.nullable(),
  }),
});
export type AnnouncementPublished = z.infer<typeof AnnouncementPublishedV1.schema>;

/** Staff took an announcement down before it expired; it is never shown again. */
export const AnnouncementWithdrawnV1 = defineEvent({
  type: 'AnnouncementWithdrawn',
  version: 1,
  schema: z.object({ announcementId: z.string().min(1).max(200) }),
});
export type AnnouncementWithdrawn = z.infer<typeof AnnouncementWithdrawnV1.schema>;

/** One stream per announcement: its publication, then at most one withdrawal. */
export const announcementStreamId = (announcementId: string) => `announcement-${announcementId}`;
