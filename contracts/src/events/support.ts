import { z } from 'zod';
import { defineEvent } from './define';
import { SUPPORT_MESSAGE_MAX_CHARS, supportTopics } from '../constants/support';

/**
 * A learner wrote to support from the help page: one stream per ticket, so the replies and the closing
 * that staff add later stay in order with it. The message is the learner's own words; the account is
 * named by its id only (the reply goes to the address in the identity profile).
 */
export const SupportTicketOpenedV1 = defineEvent({
  type: 'SupportTicketOpened',
  version: 1,
  schema: z.object({
    ticketId: z.uuid(),
    userId: z.uuid(),
    topic: z.enum(supportTopics),
    message: z.string().min(1).max(SUPPORT_MESSAGE_MAX_CHARS),
    /** The page the learner came from to the help page, when known. */
    fromPath: z.string().max(2000).nullable(),
  }),
});
export type SupportTicketOpened = z.infer<typeof SupportTicketOpenedV1.schema>;

export const supportTicketStreamId = (ticketId: string) => `support-ticket-${ticketId}`;
