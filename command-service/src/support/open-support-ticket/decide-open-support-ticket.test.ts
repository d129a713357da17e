import { DomainError } from '@app/contracts';
import { decideOpenSupportTicket } from './decide-open-support-ticket';
import { OpenSupportTicketCommand } from './open-support-ticket.command';

const ticketId = '7d4f5a7e-0000-4000-8000-000000000010';
const userId = '7d4f5a7e-0000-4000-8000-000000000001';
const write = (message: string, fromPath: string | null = '/questions') =>
  new OpenSupportTicketCommand(
    { ticketId, userId, topic: 'billing', message, fromPath },
    { actor: { kind: 'user', id: userId }, correlationId: 'c' },
  );
const notOpened = { isOpened: false };

describe('open a support ticket: given the ticket stream, when the learner sends a message, then', () => {
  it('one SupportTicketOpened with the topic, the message and the page they came from', () => {
    expect(decideOpenSupportTicket(write('I was charged twice for AlgoExpert.'), notOpened)).toEqual([
      {
        type: 'SupportTicketOpened',
        data: {
          ticketId,
          userId,
          topic: 'billing',
          message: 'I was charged twice for AlgoExpert.',
          fromPath: '/questions',
        },
      },
    ]);
  });

  it('Windows and old Mac line endings become \\n', () => {
    expect(decideOpenSupportTicket(write('first line\r\nsecond\rthird'), notOpened)).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ message: 'first line\nsecond\nthird' }) }),
    ]);
  });

  it('a message of punctuation only is refused as a 400 about the message', () => {
    expect(decideOpenSupportTicket(write('?!?!?!?!?!?!'), notOpened)).toEqual(
      new DomainError(
        'VALIDATION_FAILED',
        'The request is not valid: body.message: write a few words about what happened.',
        [{ path: 'body.message', message: 'write a few words about what happened.' }],
      ),
    );
  });

  it('letters of any script count as words', () => {
    expect(decideOpenSupportTicket(write('Привет!!!!!', null), notOpened)).toHaveLength(1);
  });

  it('a send retried after the ticket was opened appends nothing', () => {
    expect(decideOpenSupportTicket(write('I was charged twice.'), { isOpened: true })).toEqual([]);
  });
});
