import { expect, test } from '@playwright/test';
import {
  SESSION_TOKEN_PREFIX,
  signInDialogTexts,
  signOutRoute,
  signInProviderLabels,
  signInProviders,
} from '@app/contracts';
import {
  header,
  loggedInFlagOf,
  logInButton,
  loginTokenOf,
  accountButton,
  logOutFromMenu,
  signInAsDeveloper,
  signInDialog,
  uniquePerson,
} from './support/auth';
import { E2E_BASE_URL } from './support/environment';

type ProvidersReply = { providers: { provider: string; available: boolean }[]; fakeProviderEnabled: boolean };

test.describe('sign-in', () => {
  test('the dialog lists the four providers in order, unavailable ones disabled with a hint, and closes on an outside click', async ({
    page,
    request,
  }) => {
    const reply = (await (await request.get('/api/auth/v1/providers')).json()) as ProvidersReply;
    expect(reply.fakeProviderEnabled, 'the e2e platform runs outside production').toBe(true);

    await page.goto('/');
    await logInButton(page).click();
    const dialog = signInDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(signInDialogTexts.defaultText);

    const providerButtons = dialog.getByRole('button', { name: /^Log in with / });
    await expect(providerButtons).toHaveCount(signInProviders.length);
    for (const [index, provider] of signInProviders.entries()) {
      const label = signInProviderLabels[provider];
      const button = providerButtons.nth(index);
      await expect(button).toHaveAccessibleName(`Log in with ${label}`);
      const available = reply.providers.find((entry) => entry.provider === provider)?.available ?? false;
      if (available) {
        await expect(button).toBeEnabled();
      } else {
        await expect(button).toBeDisabled();
        await expect(button).toHaveAccessibleDescription(`${label} sign-in is not set up on this site.`);
      }
    }
    await expect(dialog.getByRole('button', { name: 'Developer sign-in' })).toBeEnabled();

    // The backdrop is the dialog element itself: a click near the viewport's corner is outside the content.
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
    await expect(logInButton(page)).toBeVisible();
  });

  test('signs in through the developer popup, keeps the session across a reload, and logs out', async ({
    page,
    context,
    request,
  }) => {
    const person = uniquePerson('sign-in');
    await page.goto('/');
    await expect(logInButton(page)).toBeVisible();

    await signInAsDeveloper(page, person);
    await expect(signInDialog(page)).toBeHidden();
    await expect(accountButton(page)).toBeVisible();
    const firstToken = await loginTokenOf(context);
    expect(firstToken).toMatch(new RegExp(`^${SESSION_TOKEN_PREFIX}`));
    expect(await loggedInFlagOf(page)).toBe('true');

    // The cookie keeps the session; at start the page trades the token for a fresh one.
    const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/auth/refresh'));
    await page.reload();
    expect((await refreshed).status()).toBe(200);
    await expect(header(page).getByTestId('account-name')).toHaveText(person.name);
    const refreshedToken = await loginTokenOf(context);
    expect(refreshedToken).toMatch(new RegExp(`^${SESSION_TOKEN_PREFIX}`));
    expect(refreshedToken).not.toBe(firstToken);

    const logoutRequest = page.waitForRequest((r) => r.url().endsWith('/api/auth/v1/logout'));
    await logOutFromMenu(page);
    const logout = await logoutRequest;
    expect(logout.postDataJSON()).toEqual({ reason: 'userLoggedOut' });
    expect(logout.headers()['authorization']).toBe(`Bearer ${refreshedToken}`);
    await expect(logInButton(page)).toBeVisible();
    await expect(header(page).getByTestId('account-name')).toHaveCount(0);
    expect(await loginTokenOf(context)).toBeUndefined();
    expect(await loggedInFlagOf(page)).toBe('false');

    // The token was revoked on the server, not only forgotten here.
    const afterLogout = await request.post('/api/users/v1/userinfo/get', {
      headers: { Authorization: `Bearer ${refreshedToken}` },
      data: {},
    });
    expect(afterLogout.status()).toBe(401);

    await page.reload();
    await expect(logInButton(page)).toBeVisible();
  });

  test('a sign-in without an opener lands on ?token=, which is kept and taken out of the url', async ({
    page,
    context,
  }) => {
    const person = uniquePerson('redirect');
    // Opened as a page of its own, the success page has no opener and redirects with the token.
    const query = new URLSearchParams({
      redirect: `${E2E_BASE_URL}/status`,
      email: person.email,
      name: person.name,
    });
    await page.goto(`/api/auth/v1/oauth2/fake?${query}`);

    await expect(page).toHaveURL(/\/status$/);
    await expect(header(page).getByTestId('account-name')).toHaveText(person.name);
    expect(new URL(page.url()).searchParams.has('token')).toBe(false);
    expect(await loginTokenOf(context)).toMatch(new RegExp(`^${SESSION_TOKEN_PREFIX}`));
  });

  test('tabs follow each other: a sign-in shows in the other tab, a logout reloads it signed out', async ({
    context,
  }) => {
    const person = uniquePerson('tabs');
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto('/');
    await second.goto('/status');
    await expect(logInButton(second)).toBeVisible();

    await signInAsDeveloper(first, person);
    await expect(header(second).getByTestId('account-name')).toHaveText(person.name);

    await second.evaluate(() => document.documentElement.setAttribute('data-e2e-same-document', 'yes'));
    await logOutFromMenu(first);
    await expect(logInButton(first)).toBeVisible();
    // The other tab reloads: the marker on its document is gone.
    await expect(second.locator('html')).not.toHaveAttribute('data-e2e-same-document', 'yes');
    await expect(logInButton(second)).toBeVisible();
  });

  test("a call refused after another tab's logout, before its storage event, reloads the tab signed out", async ({
    context,
  }) => {
    const person = uniquePerson('tabs-401');
    const first = await context.newPage();
    const second = await context.newPage();
    // A listener ahead of the app's can hold back the second tab's storage events once asked to.
    await second.addInitScript(() => {
      window.addEventListener('storage', (event) => {
        if (document.documentElement.hasAttribute('data-e2e-hold-storage')) event.stopImmediatePropagation();
      });
    });
    await first.goto('/');
    await second.goto('/status');
    await signInAsDeveloper(first, person);
    await expect(header(second).getByTestId('account-name')).toHaveText(person.name);

    // The second tab hears of the logout late, and its next status poll, sent with the session's token,
    // is answered only after the logout.
    await second.evaluate(() => {
      document.documentElement.setAttribute('data-e2e-same-document', 'yes');
      document.documentElement.setAttribute('data-e2e-hold-storage', 'yes');
    });
    const sessionToken = (await loginTokenOf(context))!;
    let releaseHeldPoll: () => void = () => undefined;
    const pollHeld = new Promise<void>((held) => {
      void second.route('**/api/system/v1/status', async (route) => {
        if (route.request().headers()['authorization'] !== `Bearer ${sessionToken}`) return route.continue();
        await new Promise<void>((release) => {
          releaseHeldPoll = release;
          held();
        });
        const answer = await route.fetch();
        expect(answer.status()).toBe(401);
        await route.fulfill({ response: answer });
      });
    });
    await pollHeld;
    await logOutFromMenu(first);
    await expect(logInButton(first)).toBeVisible();
    releaseHeldPoll();
    // The refused poll finds the session ended elsewhere: the page reloads, signed out.
    await expect(second.locator('html')).not.toHaveAttribute('data-e2e-same-document', 'yes');
    await expect(logInButton(second)).toBeVisible();
  });

  test("a poll refused after another tab's logout reached the server, before that tab cleared the token, reloads the tab signed out", async ({
    context,
  }) => {
    const person = uniquePerson('tabs-revoked');
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto('/');
    // The status page polls every 2 s: one of its polls is refused while the first tab's logout is out.
    await second.goto('/status');
    await signInAsDeveloper(first, person);
    await expect(header(second).getByTestId('account-name')).toHaveText(person.name);
    await second.evaluate(() => document.documentElement.setAttribute('data-e2e-same-document', 'yes'));

    // The logout reaches the server (the token is revoked), and its answer is held back until the second
    // tab's next poll has been refused.
    const refusedPoll = second.waitForResponse(
      (response) => response.url().endsWith('/api/system/v1/status') && response.status() === 401,
    );
    await first.route(`**${signOutRoute.path}`, async (route) => {
      const answer = await route.fetch();
      await refusedPoll;
      // A slow answer (a loaded machine): the refused tab knows from the server that this was a logout,
      // so it waits for the token to clear however long that takes, rather than calling it an expiry.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.fulfill({ response: answer });
    });
    await logOutFromMenu(first);
    await expect(logInButton(first)).toBeVisible();
    // The refusal was not taken for an expiry: the second tab heard of the logout and reloaded.
    await expect(second.locator('html')).not.toHaveAttribute('data-e2e-same-document', 'yes');
    await expect(logInButton(second)).toBeVisible();
  });

  test('a page for signed-in users is a sign-in prompt for a visitor (its reason on the prompt and the dialog), and the page once signed in', async ({
    page,
  }) => {
    const gated = [
      { path: '/account/products', reason: 'Log in to see your products.' },
      { path: '/licenses/manage', reason: 'Log in to manage your team licences.' },
      { path: '/recruiting/profile', reason: 'Log in to build your recruiting profile.' },
    ];
    for (const { path, reason } of gated) {
      await page.goto(path);
      const main = page.locator('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText('Log in to continue');
      await expect(main).toContainText(reason);
    }

    // The prompt opens the dialog with the page's reason; signing in shows the page where the visitor is.
    const { path, reason } = gated[0];
    await page.goto(path);
    await page.locator('main').getByRole('button', { name: 'Log in to continue' }).click();
    await expect(signInDialog(page)).toContainText(reason);
    await page.keyboard.press('Escape');
    await signInAsDeveloper(page, uniquePerson('gated-page'));
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.locator('main').getByRole('heading', { level: 1 })).toHaveText('Your products');
    await expect(page.locator('main')).not.toContainText('Log in to continue');
  });
});
