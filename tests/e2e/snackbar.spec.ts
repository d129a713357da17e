import { expect, test, type Page, type Request } from '@playwright/test';
import { LOGIN_FAILURE_TEXT, offlineTexts, TOAST_AUTO_HIDE_MS, type ToastTheme } from '@app/contracts';
import { logInButton, signInDialog } from './support/auth';

/* The snackbar queue of spec 2, 4, 8 and 9: one message at a time, in order; themes; auto-hide; placement. */

const snackbar = (page: Page) => page.getByTestId('snackbar');
const snackbarText = (page: Page) => snackbar(page).locator('.toast__text');
const queueLength = (page: Page) => page.locator('.snackbar-region').getAttribute('data-queued');

/** A page where going offline is announced (a question's workspace saves as you go). */
const WATCHED_PAGE = '/questions/two-sum';

/** Where the snackbar sits: its centre and right edge against the viewport's. */
async function placement(page: Page) {
  const box = await snackbar(page).boundingBox();
  const viewport = page.viewportSize();
  expect(box).not.toBeNull();
  expect(viewport).not.toBeNull();
  return {
    centreOffset: Math.abs(box!.x + box!.width / 2 - viewport!.width / 2),
    rightGap: viewport!.width - (box!.x + box!.width),
    bottomGap: viewport!.height - (box!.y + box!.height),
  };
}

/** From here the page's time moves only when the test moves it. */
async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

/** A sign-in whose popup the browser blocks: the app reports it with a failure snackbar. */
async function failSignIn(page: Page) {
  await logInButton(page).click();
  const dialog = signInDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Developer sign-in' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Queues a snackbar through the app's own store. Nothing in the app raises the neutral themes yet, and
 * exposing the store for tests would change production code; the store is reached through React's root
 * instead, and the action is the one the app dispatches (notices/noticeShown).
 */
async function enqueue(
  page: Page,
  notice: { id: string; text: string; theme: ToastTheme; placement: string; isPermanent: boolean },
) {
  await page.evaluate((payload) => {
    type Store = { dispatch: (action: unknown) => unknown; getState: () => unknown };
    type Fiber = { child: Fiber | null; sibling: Fiber | null; memoizedProps?: { store?: Store } | null };
    const root = document.getElementById('root') as unknown as Record<string, Fiber>;
    const containerKey = Object.keys(root).find((key) => key.startsWith('__reactContainer$'));
    if (!containerKey) throw new Error('React root not found');
    const pending: (Fiber | null)[] = [root[containerKey]];
    while (pending.length > 0) {
      const fiber = pending.pop();
      if (!fiber) continue;
      const store = fiber.memoizedProps?.store;
      if (store && typeof store.dispatch === 'function' && typeof store.getState === 'function') {
        store.dispatch({ type: 'notices/noticeShown', payload });
        return;
      }
      pending.push(fiber.sibling, fiber.child);
    }
    throw new Error('Redux store not found');
  }, notice);
}

test.describe('snackbar', () => {
  test('real messages queue up: one at a time, in order; a failure hides after 5 s, the offline warning stays', async ({
    page,
    context,
  }) => {
    // The browser blocks the sign-in popup: a real failure path of the app.
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.clock.install();
    await page.goto(WATCHED_PAGE);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(snackbar(page)).toHaveCount(0);
    // The dialog's code loads once before the clock stops (React reveals lazily loaded parts on a timer).
    await logInButton(page).click();
    await expect(signInDialog(page).getByRole('button', { name: 'Developer sign-in' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(signInDialog(page)).toBeHidden();
    await pauseClock(page);

    await failSignIn(page);
    await expect(snackbarText(page)).toHaveText(LOGIN_FAILURE_TEXT);
    await expect(snackbar(page)).toHaveAttribute('data-theme', 'failure');
    await expect(snackbar(page)).toHaveAttribute('role', 'alert');
    await expect(snackbar(page)).toHaveAttribute('data-placement', 'bottomRight');
    const bottomRight = await placement(page);
    expect(bottomRight.rightGap).toBeGreaterThan(0);
    expect(bottomRight.rightGap).toBeLessThan(40);
    expect(bottomRight.centreOffset).toBeGreaterThan(100);
    expect(bottomRight.bottomGap).toBeLessThan(40);

    // The same failure again while it shows is not queued twice.
    await failSignIn(page);
    expect(await queueLength(page)).toBe('1');

    // Going offline queues the warning behind the failure, which keeps its place.
    await context.setOffline(true);
    await expect.poll(() => queueLength(page)).toBe('2');
    await expect(snackbarText(page)).toHaveText(LOGIN_FAILURE_TEXT);
    await expect(snackbar(page)).toHaveCount(1);

    await page.clock.runFor(TOAST_AUTO_HIDE_MS - 500);
    await expect(snackbarText(page)).toHaveText(LOGIN_FAILURE_TEXT);
    await page.clock.runFor(1000);
    await expect(snackbarText(page)).toHaveText(offlineTexts.offline);
    await expect(snackbar(page)).toHaveAttribute('data-theme', 'warning');
    await expect(snackbar(page)).toHaveAttribute('data-placement', 'bottomCentre');
    const bottomCentre = await placement(page);
    expect(bottomCentre.centreOffset).toBeLessThan(2);
    expect(bottomCentre.bottomGap).toBeLessThan(40);
    expect(await queueLength(page)).toBe('1');

    // Permanent: still there long after the auto-hide delay.
    await page.clock.runFor(TOAST_AUTO_HIDE_MS * 4);
    await expect(snackbarText(page)).toHaveText(offlineTexts.offline);

    // Back online: the warning is taken back and the restore message shows, then hides on its own.
    await context.setOffline(false);
    await expect(snackbarText(page)).toHaveText(offlineTexts.restored);
    await expect(snackbar(page)).toHaveAttribute('data-theme', 'success');
    await expect(snackbar(page)).toHaveAttribute('role', 'status');
    await page.clock.runFor(TOAST_AUTO_HIDE_MS + 100);
    await expect(snackbar(page)).toHaveCount(0);
    expect(await queueLength(page)).toBe('0');
  });

  test('the five themes look apart; Dismiss shows the next at once; permanent ones wait to be dismissed', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/team');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await pauseClock(page);

    const themes: ToastTheme[] = ['success', 'failure', 'warning', 'neutralDark', 'neutralLight'];
    for (const [index, theme] of themes.entries()) {
      await enqueue(page, {
        id: `e2e-${theme}`,
        text: `Message ${index + 1}: ${theme}`,
        theme,
        placement: index % 2 === 0 ? 'bottomRight' : 'bottomCentre',
        isPermanent: theme === 'neutralLight',
      });
    }
    await expect.poll(() => queueLength(page)).toBe(String(themes.length));

    const seen: { theme: string; background: string; color: string; role: string | null }[] = [];
    for (const [index, theme] of themes.entries()) {
      await expect(snackbarText(page)).toHaveText(`Message ${index + 1}: ${theme}`);
      await expect(snackbar(page)).toHaveAttribute('data-theme', theme);
      await expect(snackbar(page)).toHaveAttribute(
        'data-placement',
        index % 2 === 0 ? 'bottomRight' : 'bottomCentre',
      );
      const place = await placement(page);
      if (index % 2 === 0) expect(place.rightGap).toBeLessThan(40);
      else expect(place.centreOffset).toBeLessThan(2);
      seen.push({
        theme,
        ...(await snackbar(page).evaluate((element) => ({
          background: getComputedStyle(element).backgroundColor,
          color: getComputedStyle(element).color,
        }))),
        role: await snackbar(page).getAttribute('role'),
      });
      if (index === 0) {
        // Dismiss: the next one shows without waiting for the delay.
        await snackbar(page).getByRole('button', { name: 'Dismiss' }).click();
      } else if (theme !== 'neutralLight') {
        await page.clock.runFor(TOAST_AUTO_HIDE_MS + 100);
      }
    }

    expect(new Set(seen.map((entry) => entry.background)).size).toBe(themes.length);
    expect(seen.map((entry) => entry.role)).toEqual(['status', 'alert', 'alert', 'status', 'status']);
    // The light one is light with dark text; the others carry light text on a dark colour.
    const light = seen.find((entry) => entry.theme === 'neutralLight')!;
    expect(light.background).toBe('rgb(255, 255, 255)');
    expect(light.color).not.toBe('rgb(255, 255, 255)');

    // The permanent one stays until it is dismissed.
    await page.clock.runFor(TOAST_AUTO_HIDE_MS * 3);
    await expect(snackbarText(page)).toHaveText('Message 5: neutralLight');
    await snackbar(page).getByRole('button', { name: 'Dismiss' }).click();
    await expect(snackbar(page)).toHaveCount(0);
  });

  test('failed polling calls stay silent; other failed calls are reported as UI_NETWORK_ERRORS, without a snackbar', async ({
    page,
  }) => {
    const networkErrors: { endpoint: string; status: unknown; retryCount: number }[] = [];
    page.on('request', (request: Request) => {
      if (!request.url().endsWith('/api/events/v1/event')) return;
      const event = request.postDataJSON() as { type: string; body: (typeof networkErrors)[number] };
      if (event.type === 'UI_NETWORK_ERRORS') networkErrors.push(event.body);
    });
    const failed: string[] = [];
    const failWith500 = (path: string) =>
      page.route(`**${path}`, async (route) => {
        failed.push(path);
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'INTERNAL', message: 'e2e: the server failed' }),
        });
      });
    // Polling: the version check (at start, then every 10 minutes) and the announcements (after 2 s).
    await failWith500('/api/users/v1/ui_version/eval');
    await failWith500('/api/announcements/v1/announcement/mine');
    // Not polling: the sign-in dialog's list of providers.
    await failWith500('/api/auth/v1/providers');

    await page.clock.install();
    await page.goto('/team');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await page.clock.runFor(3000);
    await expect.poll(() => failed).toEqual(expect.arrayContaining(['/api/users/v1/ui_version/eval']));
    await expect.poll(() => failed).toContain('/api/announcements/v1/announcement/mine');
    await page.clock.runFor(1000);

    await logInButton(page).click();
    await expect(signInDialog(page)).toBeVisible();
    await expect
      .poll(() => networkErrors)
      .toEqual([expect.objectContaining({ endpoint: 'listSignInProviders', status: 500, retryCount: 0 })]);
    // Without the list the buttons still work: the provider's own answer will tell.
    await expect(signInDialog(page).getByRole('button', { name: 'Log in with Google' })).toBeEnabled();
    await page.keyboard.press('Escape');

    await page.clock.runFor(TOAST_AUTO_HIDE_MS);
    expect(networkErrors.map((entry) => entry.endpoint)).toEqual(['listSignInProviders']);
    await expect(snackbar(page)).toHaveCount(0);
    expect(await queueLength(page)).toBe('0');
  });
});
