import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  MODAL_ENTER_MS,
  MODAL_EXIT_MS,
  signInDialogTexts,
  signInProviderLabels,
  signInProviders,
} from '@app/contracts';
import {
  header,
  logInButton,
  logOutButton,
  signInAsDeveloper,
  signInDialog,
  uniquePerson,
  type TestPerson,
} from './support/auth';
import { E2E_BASE_URL, E2E_STAFF_TOKEN } from './support/environment';

/* The sign-in dialog of spec 2: texts, providers, the previous-provider hint, outside click, timings, /login. */

const staff = { Authorization: `Bearer ${E2E_STAFF_TOKEN}` };

/** Registers the person through the fake provider's own endpoint, as a first sign-in elsewhere would. */
async function register(request: APIRequestContext, person: TestPerson): Promise<string> {
  const query = new URLSearchParams({ redirect: `${E2E_BASE_URL}/`, email: person.email, name: person.name });
  const signedIn = await request.get(`/api/auth/v1/oauth2/fake?${query}`, { maxRedirects: 0 });
  expect(signedIn.status(), await signedIn.text()).toBeLessThan(400);
  const found = await request.post('/api/staff/v1/users/find', {
    headers: staff,
    data: { email: person.email },
  });
  expect(found.status(), await found.text()).toBe(200);
  const { users } = (await found.json()) as { users: { userId: string }[] };
  expect(users).toHaveLength(1);
  return users[0].userId;
}

async function grantRole(request: APIRequestContext, userId: string, role: string) {
  const granted = await request.post('/api/staff/v1/users/roles/grant', {
    headers: staff,
    data: { userId, role, reason: 'e2e: previous-provider hint' },
  });
  expect(granted.status(), await granted.text()).toBe(200);
}

type DialogTransition = { isOpen: boolean; durationMs?: number; ranMs?: number };

/**
 * Records the dialog's opacity transitions: when one starts, its configured duration; when it stops, how
 * long it ran (the CSS timings, not the machine's speed). Closing ends in display: none, which Chromium
 * may report as a cancel at the very end rather than an end.
 */
async function recordDialogTransitions(page: Page) {
  await page.evaluate(() => {
    const log: { isOpen: boolean; durationMs?: number; ranMs?: number }[] = [];
    (window as unknown as { e2eDialogTransitions: typeof log }).e2eDialogTransitions = log;
    const isDialogOpacity = (event: TransitionEvent) =>
      event.target instanceof HTMLDialogElement && event.propertyName === 'opacity' && !event.pseudoElement;
    document.addEventListener('transitionrun', (event) => {
      if (!isDialogOpacity(event)) return;
      const dialog = event.target as HTMLDialogElement;
      const transition = dialog
        .getAnimations()
        .find((animation) => (animation as CSSTransition).transitionProperty === 'opacity');
      log.push({ isOpen: dialog.open, durationMs: Number(transition?.effect?.getComputedTiming().duration) });
    });
    for (const type of ['transitionend', 'transitioncancel'] as const) {
      document.addEventListener(type, (event) => {
        if (!isDialogOpacity(event)) return;
        const dialog = event.target as HTMLDialogElement;
        log.push({ isOpen: dialog.open, ranMs: Math.round(event.elapsedTime * 1000) });
      });
    }
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { e2eDialogTransitions: DialogTransition[] }).e2eDialogTransitions,
    );
}

test.describe('sign-in dialog', () => {
  test('default text, the four providers in order, the developer sign-in; a click inside keeps it, outside closes it', async ({
    page,
  }) => {
    await page.goto('/team');
    await logInButton(page).click();
    const dialog = signInDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(signInDialogTexts.defaultText);
    await expect(dialog.getByRole('button', { name: /^Log in with / })).toHaveText(
      signInProviders.map((provider) => new RegExp(`Log in with ${signInProviderLabels[provider]}$`)),
    );
    await expect(dialog.getByRole('button', { name: 'Developer sign-in' })).toBeVisible();
    // No sign-in on this browser yet: no hint.
    await expect(dialog.getByTestId('previous-login-hint')).toHaveCount(0);

    // A click on the dialog's own text is inside.
    await dialog.getByText(signInDialogTexts.defaultText).click();
    await expect(dialog).toBeVisible();

    // Outside the content box, on the backdrop.
    const box = await dialog.boundingBox();
    expect(box).not.toBeNull();
    await page.mouse.click(box!.x + box!.width / 2, Math.max(2, box!.y - 20));
    await expect(dialog).toBeHidden();
    await expect(logInButton(page)).toBeVisible();

    // Escape closes it too, and the header button opens it again.
    await logInButton(page).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test(`opens in ${MODAL_ENTER_MS} ms and closes in ${MODAL_EXIT_MS} ms, backdrop included`, async ({
    page,
  }) => {
    await page.goto('/team');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    const transitions = await recordDialogTransitions(page);

    await logInButton(page).click();
    const dialog = signInDialog(page);
    await expect(dialog).toBeVisible();
    await expect.poll(transitions).toEqual([
      { isOpen: true, durationMs: MODAL_ENTER_MS },
      { isOpen: true, ranMs: MODAL_ENTER_MS },
    ]);
    const opened = await dialog.evaluate((element) => ({
      dialog: getComputedStyle(element).transitionDuration,
      backdrop: getComputedStyle(element, '::backdrop').transitionDuration,
    }));
    expect(opened.dialog.split(', ')).toContain(`${MODAL_ENTER_MS / 1000}s`);
    expect(opened.backdrop.split(', ')).toContain(`${MODAL_ENTER_MS / 1000}s`);
    // The page behind is locked while it is open.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // It fades out over the exit time.
    await expect.poll(async () => (await transitions()).length).toBe(4);
    const closing = (await transitions()).slice(2);
    expect(closing[0]).toEqual({ isOpen: false, durationMs: MODAL_EXIT_MS });
    // Not cut short (a cancel at the end is reported at the frame after it, so possibly a little later).
    expect(closing[1].isOpen).toBe(false);
    expect(closing[1].ranMs).toBeGreaterThanOrEqual(MODAL_EXIT_MS);
    const closed = await page
      .locator('dialog.sign-in')
      .evaluate((element) => getComputedStyle(element).transitionDuration);
    expect(closed.split(', ')).toContain(`${MODAL_EXIT_MS / 1000}s`);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
  });

  test('after a sign-out, the dialog names the provider used last and what that account owns', async ({
    page,
    request,
  }) => {
    const person = uniquePerson('hint');
    const userId = await register(request, person);
    await grantRole(request, userId, 'premiumv1');
    await grantRole(request, userId, 'systemsexpertv1');

    await page.goto('/');
    await logInButton(page).click();
    await expect(signInDialog(page)).toBeVisible();
    await expect(signInDialog(page).getByTestId('previous-login-hint')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(signInDialog(page)).toBeHidden();

    // The same dialog, still mounted, is used to sign in and, after the sign-out, opened again.
    await signInAsDeveloper(page, person);
    await logOutButton(page).click();
    await expect(logInButton(page)).toBeVisible();
    await expect(header(page).getByTestId('account-name')).toHaveCount(0);

    await logInButton(page).click();
    const hint = signInDialog(page).getByTestId('previous-login-hint');
    const expected = signInDialogTexts.previousProviderHint
      .replace('{provider}', 'Developer')
      .replace('{products}', 'AlgoExpert and SystemsExpert');
    await expect(hint).toHaveText(expected);

    // Kept on this browser: a new visit shows it too.
    await page.reload();
    await logInButton(page).click();
    await expect(signInDialog(page).getByTestId('previous-login-hint')).toHaveText(expected);
  });

  test('a page can open it with its own text and the student check; the header opens it with the default text again', async ({
    page,
  }) => {
    const studentText = 'Log in with the GitHub account of your student pack to claim your access.';
    await page.goto('/github-students');
    await page.getByRole('main').getByRole('button', { name: 'Claim student access' }).click();
    const dialog = signInDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(studentText);

    // The student check travels with the sign-in the dialog starts.
    const popupOpened = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Developer sign-in' }).click();
    const popup = await popupOpened;
    const started = new URL(popup.url());
    expect(started.pathname).toBe('/api/auth/v1/oauth2/fake');
    expect(started.searchParams.get('checkStudent')).toBe('true');
    await popup.close();
    await expect(dialog).toBeHidden();

    await logInButton(page).click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(signInDialogTexts.defaultText);
    const headerPopupOpened = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Developer sign-in' }).click();
    const headerPopup = await headerPopupOpened;
    expect(new URL(headerPopup.url()).searchParams.get('checkStudent')).toBe('false');
    await headerPopup.close();
  });

  test('/login opens the dialog at once; closed, the page offers it again; signed in, it says so', async ({
    page,
  }) => {
    await page.goto('/login');
    const dialog = signInDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(signInDialogTexts.defaultText);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByRole('main').getByRole('button', { name: 'Choose how to log in' }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const person = uniquePerson('login-page');
    await signInAsDeveloper(page, person);
    await expect(page.getByRole('main')).toContainText('You are logged in.');
    await page.reload();
    await expect(header(page).getByTestId('account-name')).toHaveText(person.name);
    await expect(page.getByRole('main')).toContainText('You are logged in.');
    await expect(dialog).toBeHidden();
  });
});
