import { randomUUID } from 'node:crypto';
import { supportTicketStreamId } from '@app/contracts';
import { type Platform, call, startPlatform } from './platform-harness';
import { type SignedInUser, signInFake } from './identity-support';

/*
 * Help's "Contact us" (issue 16) through the gateway as the web sends it: the ticket is one
 * SupportTicketOpened event in its own stream, for staff to read later; bad input is refused with a 400
 * and nothing is appended; a retried send is one ticket.
 */
const TICKETS = '/api/support/v1/tickets/create';

let platform: Platform;
let learner: SignedInUser;
beforeAll(async () => {
  platform = await startPlatform();
  learner = await signInFake(platform.url);
});
afterAll(async () => {
  await platform?.close();
});

const eventsOf = async (ticketId: string) =>
  (
    await platform.pool.query<{ type: string; data: unknown; actor: unknown }>(
      `SELECT type, data, metadata->'actor' AS actor FROM es_events WHERE stream_id = $1 ORDER BY revision`,
      [supportTicketStreamId(ticketId)],
    )
  ).rows;

describe('support tickets', () => {
  it('stores the message as SupportTicketOpened in the ticket stream, once however often it is sent', async () => {
    const ticketId = randomUUID();
    const send = () =>
      call<{ ticketId: string; position: string }>(platform.url, TICKETS, {
        token: learner.token,
        headers: { 'idempotency-key': ticketId },
        json: {
          topic: 'content',
          message: '  The hint of question 3 gives the answer away.  ',
          fromPath: '/questions',
        },
      });
    const first = await send();
    expect({ status: first.status, ticketId: first.body.ticketId }).toEqual({ status: 200, ticketId });
    expect(first.headers.get('x-event-position')).toBe(first.body.position);
    expect((await send()).status).toBe(200);

    expect(await eventsOf(ticketId)).toEqual([
      {
        type: 'SupportTicketOpened',
        data: {
          ticketId,
          userId: learner.userId,
          topic: 'content',
          message: 'The hint of question 3 gives the answer away.',
          fromPath: '/questions',
        },
        actor: { kind: 'user', id: learner.userId },
      },
    ]);
  });

  it.each([
    [
      { topic: 'content', message: 'short' },
      'The request is not valid: body.message: message needs at least 10 characters.',
    ],
    [
      { topic: 'content', message: '!!!!!!!!!!!!' },
      'The request is not valid: body.message: write a few words about what happened.',
    ],
    [
      { topic: 'content', message: 'A long enough message.', fromPath: 'questions' },
      'The request is not valid: body.fromPath: Invalid string: must start with "/"',
    ],
  ])('refuses %j with a 400 and appends nothing', async (json, message) => {
    const before = await platform.countEvents();
    const answer = await call(platform.url, TICKETS, { token: learner.token, json });
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 400,
      body: expect.objectContaining({ code: 'VALIDATION_FAILED', message }),
    });
    expect(await platform.countEvents()).toBe(before);
  });
});
