import { expect, test } from '@playwright/test';
import { AUTH_TOKEN_COOKIE, LOGIN_FAILURE_TEXT } from '@app/contracts';
import { header, logInButton, openDeveloperPopup, signInDialog } from './support/auth';

test.describe('sign-in popup failures', () => {
  test('closing the popup without signing in shows the failure and leaves the visitor signed out', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    const popup = await openDeveloperPopup(page);
    await popup.close();

    await expect(page.getByRole('alert').filter({ hasText: LOGIN_FAILURE_TEXT })).toBeVisible();
    await expect(signInDialog(page)).toBeHidden();
    await expect(logInButton(page)).toBeVisible();
    expect(await context.cookies()).not.toContainEqual(expect.objectContaining({ name: AUTH_TOKEN_COOKIE }));
  });

  test('a blocked popup shows the failure', async ({ page }) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto('/');
    await logInButton(page).click();
    await signInDialog(page).getByRole('button', { name: 'Developer sign-in' }).click();

    await expect(page.getByRole('alert').filter({ hasText: LOGIN_FAILURE_TEXT })).toBeVisible();
    await expect(logInButton(page)).toBeVisible();
  });

  test("an error posted by the server's failure page shows the failure", async ({ page, request }) => {
    const { providers } = (await (await request.get('/api/auth/v1/providers')).json()) as {
      providers: { provider: string; available: boolean }[];
    };
    const unavailable = providers.find((entry) => !entry.available);
    // The e2e platform configures no OAuth provider, so one is always unavailable here.
    expect(unavailable).toBeDefined();

    await page.goto('/');
    const popup = await openDeveloperPopup(page);
    // The popup goes where a disabled button would have sent it: the server refuses with its failure page,
    // which posts an error message to this page.
    const query = new URLSearchParams({
      redirect: page.url(),
      partition: 'algoexpert',
      checkStudent: 'false',
    });
    await popup.goto(`/api/auth/v1/oauth2/${unavailable!.provider}?${query}`);
    await expect(popup.getByRole('heading', { name: 'Sign-in failed' })).toBeVisible();

    await expect(page.getByRole('alert').filter({ hasText: LOGIN_FAILURE_TEXT })).toBeVisible();
    await expect(header(page).getByTestId('account-name')).toHaveCount(0);
  });

  test('a message from another origin is ignored', async ({ page }) => {
    await page.goto('/');
    const popup = await openDeveloperPopup(page);
    // Not the trusted origin: an about:blank-like page of another origin posting a token is not believed.
    await page.evaluate(() => {
      const message = { source: 'ae-auth', type: 'token', token: 'aes1_forged' };
      window.dispatchEvent(new MessageEvent('message', { data: message, origin: 'https://evil.example' }));
    });
    await popup.close();
    await expect(page.getByRole('alert').filter({ hasText: LOGIN_FAILURE_TEXT })).toBeVisible();
    await expect(logInButton(page)).toBeVisible();
  });
});
