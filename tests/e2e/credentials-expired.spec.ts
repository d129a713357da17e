import { expect, test } from '@playwright/test';
import { CREDENTIALS_EXPIRED_TEXT } from '@app/contracts';
import {
  header,
  loggedInFlagOf,
  logInButton,
  loginTokenOf,
  signInAsDeveloper,
  uniquePerson,
} from './support/auth';
import { E2E_STAFF_TOKEN } from './support/environment';

test('a revoked token answers 401: the page logs out and says the credentials expired', async ({
  page,
  context,
  request,
}) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const person = uniquePerson('expired');
  await page.goto('/');
  await signInAsDeveloper(page, person);
  const token = await loginTokenOf(context);
  expect(token).toBeTruthy();

  // Revoked behind the page's back by staff (the same as an expiry: not a logout of this browser).
  const staff = { Authorization: `Bearer ${E2E_STAFF_TOKEN}` };
  const found = await request.post('/api/staff/v1/users/find', {
    headers: staff,
    data: { email: person.email },
  });
  expect(found.status(), await found.text()).toBe(200);
  const [account] = ((await found.json()) as { users: { userId: string }[] }).users;
  const revoked = await request.post('/api/staff/v1/users/sessions/revoke', {
    headers: staff,
    data: { userId: account.userId },
  });
  expect(revoked.status(), await revoked.text()).toBe(200);

  // The next call of the page (the token refresh at start) is refused.
  const refused = page.waitForResponse((response) => response.url().endsWith('/api/auth/refresh'));
  await page.reload();
  const refusal = await refused;
  expect(refusal.status()).toBe(401);
  expect(((await refusal.json()) as { code: string }).code).toBe('TOKEN_EXPIRED');

  await expect(page.getByRole('alert').filter({ hasText: CREDENTIALS_EXPIRED_TEXT })).toBeVisible();
  await expect(logInButton(page)).toBeVisible();
  await expect(header(page).getByTestId('account-name')).toHaveCount(0);
  expect(await loginTokenOf(context)).toBeUndefined();
  expect(await loggedInFlagOf(page)).toBe('false');
  expect(consoleErrors.filter((text) => text.includes(CREDENTIALS_EXPIRED_TEXT))).toHaveLength(1);
});
