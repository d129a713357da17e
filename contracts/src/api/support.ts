import { z } from 'zod';
import { commandAckSchema, defineCall, signedIn } from './define';
import { built } from './build-state';
import * as routedPaths from './routed-call-paths';
import { SUPPORT_MESSAGE_MAX_CHARS, SUPPORT_MESSAGE_MIN_CHARS, supportTopics } from '../constants/support';

/*
 * Not in spec 7 (which names no contact call): the help page's "Contact us" form. Signed-in only: the
 * reply goes to the account's address, so no address is typed into the form or kept in the event.
 */
export const openSupportTicket = defineCall({
  route: routedPaths.openSupportTicket,
  state: built,
  kind: 'command',
  access: signedIn,
  summary: 'Send a message to support: stored as a SupportTicketOpened event, answered by staff.',
  request: z.object({
    topic: z.enum(supportTopics, { error: `topic must be one of ${supportTopics.join(', ')}.` }),
    message: z
      .string({ error: 'message is required.' })
      .trim()
      .min(SUPPORT_MESSAGE_MIN_CHARS, `message needs at least ${SUPPORT_MESSAGE_MIN_CHARS} characters.`)
      .max(SUPPORT_MESSAGE_MAX_CHARS, `message is longer than ${SUPPORT_MESSAGE_MAX_CHARS} characters.`),
    /** The page the learner came from, when the help page knows it. */
    fromPath: z.string().max(2000).startsWith('/').nullish(),
  }),
  response: commandAckSchema.extend({ ticketId: z.uuid() }),
});
