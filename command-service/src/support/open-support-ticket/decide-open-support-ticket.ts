import { invalidField } from '@app/contracts';
import type { Decision } from '../../infrastructure/aggregate-store';
import type { OpenSupportTicketCommand } from './open-support-ticket.command';

/** A message needs this many letters or digits to say anything staff can act on. */
const MIN_WORD_CHARACTERS = 3;
const wordCharacter = /[\p{L}\p{N}]/gu;

/** Whether a ticket with this id was opened already (a retried send carries the same id). */
export type SupportTicketState = { isOpened: boolean };

/**
 * One SupportTicketOpened per ticket id: a retried send appends nothing. A message of punctuation or
 * symbols only is refused; line endings are kept as the learner typed them, but as `\n`.
 */
export function decideOpenSupportTicket(
  { request }: OpenSupportTicketCommand,
  state: SupportTicketState,
): Decision {
  if (state.isOpened) return [];
  if ((request.message.match(wordCharacter) ?? []).length < MIN_WORD_CHARACTERS) {
    return invalidField('body.message', 'write a few words about what happened.');
  }
  return [
    {
      type: 'SupportTicketOpened',
      data: {
        ticketId: request.ticketId,
        userId: request.userId,
        topic: request.topic,
        message: request.message.replace(/\r\n?/g, '\n'),
        fromPath: request.fromPath,
      },
    },
  ];
}
