import { z } from 'zod';
import { anyone, defineCall } from './define';
import { idSchema, timestampSchema } from './common';

/** Announcement of spec 3. The message may hold HTML and is rendered as HTML. */
export const announcementSchema = z.object({
  id: idSchema,
  message: z.string(),
  approved_at: timestampSchema.nullable(),
  expires_at: timestampSchema.nullable(),
  /** Present on page-specific announcements. */
  site_path: z.string().nullable().optional(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const getMyAnnouncements = defineCall({
  id: 'getMyAnnouncements',
  path: '/api/announcements/v1/announcement/mine',
  kind: 'query',
  access: anyone,
  summary: 'Current announcements; page-specific ones when site_path is given.',
  request: z.object({ site_path: z.string().max(2000).optional() }),
  /** An array, empty when there is nothing to announce. */
  response: z.array(announcementSchema),
});
