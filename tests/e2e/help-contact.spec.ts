import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { loginTokenOf, signInAsDeveloper, signInDialog, uniquePerson } from './support/auth';

/*
 * Issue 16: Help's "Contact us" had a topic menu and nothing else. Now a topic, a message, Send, and a
 * confirmation once the ticket is stored (a SupportTicketOpened event through the command-service).
 */

const TICKETS = '/api/support/v1/tickets/create';

test('a learner writes to support from /help: topic, message, Send, then a confirmation', async ({
  page,
}) => {
  await page.goto('/help?category=miscellaneous-bug');
  const form = page.getByRole('region', { name: 'Contact us' });
  await expect(form.getByLabel('Topic')).toHaveValue('miscellaneous-bug');
  await expect(form.getByLabel('Message')).toBeVisible();

  // A visitor is asked to log in first: the reply goes to the account's address.
  await form.getByRole('button', { name: 'Log in to send' }).click();
  await expect(signInDialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await signInAsDeveloper(page, uniquePerson('help-contact'));

  // Too short to act on: said beside the field, nothing sent.
  await form.getByLabel('Message').fill('help');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByRole('alert')).toHaveText('Write at least 10 characters so we can help.');
  await expect(form.getByLabel('Message')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Message').fill('The Run Code button does nothing on the Ordered Squares question.');
  const answered = page.waitForResponse((response) => response.url().endsWith(TICKETS));
  await form.getByRole('button', { name: 'Send' }).click();
  const answer = await answered;
  expect(answer.status()).toBe(200);
  expect(answer.request().postDataJSON()).toMatchObject({
    topic: 'miscellaneous-bug',
    message: 'The Run Code button does nothing on the Ordered Squares question.',
  });
  const { ticketId } = (await answer.json()) as { ticketId: string };
  // The ticket id is the Idempotency-Key the page sent: a retry of this send opens no second ticket.
  expect(answer.request().headers()['idempotency-key']).toBe(ticketId);

  const confirmation = form.getByRole('status');
  await expect(confirmation).toContainText('Thank you: your message is sent.');
  await expect(confirmation).toContainText(ticketId.slice(0, 8));
  expect(await seriousViolations(page)).toEqual([]);

  await form.getByRole('button', { name: 'Write another message' }).click();
  await expect(form.getByLabel('Message')).toHaveValue('');
});

test('the tickets call refuses bad input with a 400, a machine-readable code and a message', async ({
  page,
  request,
}) => {
  await page.goto('/help');
  await signInAsDeveloper(page, uniquePerson('help-contact-api'));
  const headers = { authorization: `Bearer ${await loginTokenOf(page.context())}` };

  const tooShort = await request.post(TICKETS, { headers, data: { topic: 'account', message: 'hi' } });
  expect(tooShort.status()).toBe(400);
  expect(await tooShort.json()).toMatchObject({
    code: 'VALIDATION_FAILED',
    message: 'The request is not valid: body.message: message needs at least 10 characters.',
  });

  const noTopic = await request.post(TICKETS, {
    headers,
    data: { topic: 'refunds', message: 'Please refund my purchase.' },
  });
  expect(noTopic.status()).toBe(400);
  expect(((await noTopic.json()) as { code: string }).code).toBe('VALIDATION_FAILED');

  // Punctuation only passes the length check; the decision refuses it.
  const noWords = await request.post(TICKETS, {
    headers,
    data: { topic: 'account', message: '?!?!?!?!?!?!' },
  });
  expect(noWords.status()).toBe(400);
  expect(await noWords.json()).toMatchObject({
    code: 'VALIDATION_FAILED',
    message: 'The request is not valid: body.message: write a few words about what happened.',
  });

  // Signed out, nothing is accepted.
  const anonymous = await request.post(TICKETS, { data: { topic: 'account', message: 'Who reads this?' } });
  expect(anonymous.status()).toBe(401);

  // The same send twice (one Idempotency-Key) is one ticket.
  const key = randomUUID();
  const send = () =>
    request.post(TICKETS, {
      headers: { ...headers, 'idempotency-key': key },
      data: { topic: 'billing', message: 'I was charged twice this month.' },
    });
  const first = await send();
  const second = await send();
  expect([first.status(), second.status()]).toEqual([200, 200]);
  const [a, b] = (await Promise.all([first.json(), second.json()])) as {
    ticketId: string;
    position: string;
  }[];
  expect(a.ticketId).toBe(key);
  expect(b.ticketId).toBe(key);
});
