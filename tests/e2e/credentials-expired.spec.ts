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

  // Revoked behind the page's back, as another device or staff would.
  const revoked = await request.post('/api/auth/v1/logout', {
    headers: { Authorization: `Bearer ${token}` },
    data: {},
  });
  expect(revoked.status(), await revoked.text()).toBe(200);

  // The next call of the page (the token refresh at start) is refused.
  const refused = page.waitForResponse((response) => response.url().endsWith('/api/auth/refresh'));
  await page.reload();
  const refusal = await refused;
  expect(refusal.status()).toBe(401);
  expect(((await refusal.json()) as { code: string }).code).toMatch(
    /^(TOKEN_EXPIRED|INVALID_TOKEN|UNAUTHENTICATED)$/,
  );

  await expect(page.getByRole('alert').filter({ hasText: CREDENTIALS_EXPIRED_TEXT })).toBeVisible();
  await expect(logInButton(page)).toBeVisible();
  await expect(header(page).getByTestId('account-name')).toHaveCount(0);
  expect(await loginTokenOf(context)).toBeUndefined();
  expect(await loggedInFlagOf(page)).toBe('false');
  expect(consoleErrors.filter((text) => text.includes(CREDENTIALS_EXPIRED_TEXT))).toHaveLength(1);
});
