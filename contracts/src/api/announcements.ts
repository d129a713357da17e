import { z } from 'zod';
import { anyone, commandAckSchema, defineCall, staffOnly } from './define';
import { built } from './build-state';
import { get, post } from './call-path';
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

/**
 * The announcements shown now: not withdrawn, not expired, newest approved first. Without site_path
 * only the general ones; with it, the general ones and those of that page.
 */
export const getMyAnnouncements = defineCall({
  route: post('getMyAnnouncements', '/api/announcements/v1/announcement/mine'),
  state: built,
  kind: 'query',
  access: anyone,
  summary: 'Current announcements; page-specific ones when site_path is given.',
  request: z.object({ site_path: z.string().max(2000).optional() }),
  /** An array, empty when there is nothing to announce. */
  response: z.array(announcementSchema),
});

export const ANNOUNCEMENT_MESSAGE_MAX_LENGTH = 10_000;

/** The web asks per `location.pathname`: a site path is an absolute path, without host, query or fragment. */
export const sitePathSchema = z
  .string()
  .max(2000, 'The site path is longer than 2,000 characters.')
  .regex(
    /^\/(?!\/)[^\s?#\\]*$/,
    'The site path must be an absolute path such as /systems/product (no scheme, host, query or fragment).',
  );

const announcementIdSchema = z.uuid('The announcement id must be a UUID.');

/**
 * Staff: publish an approved announcement. The server gives it its id and approval time. expiresAt,
 * when given, must be in the future (checked against the server's clock: a 400 otherwise); without it
 * the announcement shows until withdrawn.
 */
export const publishAnnouncement = defineCall({
  route: post('publishAnnouncement', '/api/staff/v1/announcements'),
  state: built,
  kind: 'command',
  access: staffOnly,
  summary: 'Publish an announcement, general or for one page, until it expires or is withdrawn.',
  request: z.object({
    message: z
      .string()
      .trim()
      .min(1, 'The message is empty.')
      .max(
        ANNOUNCEMENT_MESSAGE_MAX_LENGTH,
        `The message is longer than ${ANNOUNCEMENT_MESSAGE_MAX_LENGTH.toLocaleString('en')} characters.`,
      ),
    sitePath: sitePathSchema.nullable().optional(),
    expiresAt: timestampSchema.nullable().optional(),
  }),
  response: commandAckSchema.extend({ announcement: announcementSchema }),
});

/**
 * Staff: take an announcement down. Withdrawing one already withdrawn is an idempotent success that
 * appends nothing (alreadyWithdrawn: true); an unknown id is a 404.
 */
export const withdrawAnnouncement = defineCall({
  route: post('withdrawAnnouncement', '/api/staff/v1/announcements/{announcementId}/withdraw'),
  state: built,
  kind: 'command',
  access: staffOnly,
  params: z.object({ announcementId: announcementIdSchema }),
  summary: 'Withdraw an announcement: it shows nowhere from now on.',
  request: z.object({}),
  response: commandAckSchema.extend({ announcementId: z.string(), alreadyWithdrawn: z.boolean() }),
});

export const announcementStates = ['active', 'expired', 'withdrawn'] as const;

/** Staff: every announcement with its state, newest approved first. */
export const listAnnouncements = defineCall({
  route: get('listAnnouncements', '/api/staff/v1/announcements'),
  state: built,
  kind: 'query',
  access: staffOnly,
  summary: 'Every announcement, active, expired or withdrawn, newest approved first.',
  request: z.object({}),
  response: z.object({
    announcements: z.array(
      announcementSchema.extend({
        state: z.enum(announcementStates),
        withdrawn_at: timestampSchema.nullable(),
      }),
    ),
  }),
});
