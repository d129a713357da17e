import { defineProjection } from '../../runtime/projection';

/**
 * Every published announcement and when it was withdrawn. A batch is written set-based: its
 * publications first, then its withdrawals (an announcement's events share one stream, so its
 * withdrawal never comes before its publication). Both statements are idempotent for replays.
 */
export const announcementsProjection = defineProjection({
  name: 'announcements',
  eventTypes: ['AnnouncementPublished', 'AnnouncementWithdrawn'],
  tables: ['rm_announcements'],
  async apply(events, tx) {
    const published = [];
    const withdrawn = [];
    for (const event of events) {
      if (event.type === 'AnnouncementPublished') {
        const data = event.data;
        published.push({
          announcement_id: data.announcementId,
          message: data.message,
          site_path: data.sitePath,
          approved_at: data.approvedAt,
          expires_at: data.expiresAt,
        });
      } else if (event.type === 'AnnouncementWithdrawn') {
        const data = event.data;
        withdrawn.push({ announcement_id: data.announcementId, withdrawn_at: event.metadata.occurredAt });
      }
    }
    if (published.length > 0) {
      await tx.query(
        `INSERT INTO rm_announcements (announcement_id, message, site_path, approved_at, expires_at)
         SELECT announcement_id, message, site_path, approved_at, expires_at
           FROM jsonb_to_recordset($1::jsonb)
             AS p(announcement_id text, message text, site_path text, approved_at timestamptz, expires_at timestamptz)
         ON CONFLICT (announcement_id) DO NOTHING`,
        [JSON.stringify(published)],
      );
    }
    if (withdrawn.length > 0) {
      await tx.query(
        `UPDATE rm_announcements a SET withdrawn_at = COALESCE(a.withdrawn_at, w.withdrawn_at)
           FROM jsonb_to_recordset($1::jsonb) AS w(announcement_id text, withdrawn_at timestamptz)
          WHERE a.announcement_id = w.announcement_id`,
        [JSON.stringify(withdrawn)],
      );
    }
  },
});
