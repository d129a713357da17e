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
  logOutFromMenu,
  signInAsDeveloper,
  signInDialog,
  uniquePerson,
  type TestPerson,
} from './support/auth';
import { E2E_BASE_URL, E2E_STAFF_TOKEN } from './support/environment';

/*
 * The sign-in dialog of spec 2: texts, providers, the previous-provider hint, outside click, timings, /login,
 * and the embedded video a page can open it with.
 */

const staff = { Authorization: `Bearer ${E2E_STAFF_TOKEN}` };
// The algorithms product's intro (web/src/shared/catalog/products.ts).
const introTitle = 'AlgoExpert: a quick introduction';
const introSignInText = 'Log in to watch every video and save your progress.';

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
    // The page's scroll comes back a little after the exit (spec 4; timed in shell-widgets.spec.ts).
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).overflow))
      .not.toBe('hidden');
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
    await logOutFromMenu(page);
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

  test('the product page opens it with its intro video: served by the platform, playable, stopped and unloaded on close', async ({
    page,
  }) => {
    await page.goto('/product');
    await page.getByRole('main').getByRole('button', { name: 'Watch the intro' }).click();
    const dialog = signInDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(introSignInText);
    // The video comes first, named by its caption; the providers stay below it.
    const video = dialog.getByRole('figure', { name: introTitle }).locator('video');
    await expect(video).toHaveAccessibleName(introTitle);
    await expect(dialog.getByRole('button', { name: /^Log in with / })).toHaveCount(signInProviders.length);
    const layout = await dialog.evaluate((element) => {
      const top = (selector: string) => element.querySelector(selector)!.getBoundingClientRect().top;
      const clip = element.querySelector('video')!.getBoundingClientRect();
      return {
        videoTop: top('video'),
        textTop: top('.sign-in__text'),
        providersTop: top('.sign-in__providers'),
        videoWidth: clip.width,
        dialogWidth: element.getBoundingClientRect().width,
      };
    });
    expect(layout.videoTop).toBeLessThan(layout.textTop);
    expect(layout.textTop).toBeLessThan(layout.providersTop);
    expect(layout.videoWidth).toBeGreaterThan(0);
    expect(layout.videoWidth).toBeLessThanOrEqual(layout.dialogWidth);

    // Not started by itself; only its metadata is fetched until asked to play.
    const state = () =>
      video.evaluate((element: HTMLVideoElement) => ({
        src: element.currentSrc,
        paused: element.paused,
        autoplay: element.autoplay,
        controls: element.controls,
        currentTime: element.currentTime,
        duration: element.duration,
        readyState: element.readyState,
        networkState: element.networkState,
      }));
    await expect.poll(async () => (await state()).readyState).toBeGreaterThanOrEqual(1);
    const loaded = await state();
    expect(loaded).toMatchObject({ paused: true, autoplay: false, controls: true, currentTime: 0 });
    expect(loaded.duration).toBeGreaterThan(3);
    expect(loaded.duration).toBeLessThan(5);

    // A file the platform serves, not a third party's.
    const source = new URL(loaded.src);
    expect(source.origin).toBe(new URL(E2E_BASE_URL).origin);
    const served = await page.request.get(source.pathname);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('video/webm');
    expect((await served.body()).length).toBeLessThan(200 * 1024);
    const captions = await page.request.get(
      await video.locator('track[kind="captions"]').evaluate((track: HTMLTrackElement) => track.src),
    );
    expect(captions.status()).toBe(200);
    expect(await captions.text()).toMatch(/^WEBVTT/);

    // Chromium decodes it (WebM, VP8): playing moves its time on.
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await expect.poll(async () => (await state()).currentTime).toBeGreaterThan(0.5);
    expect((await state()).readyState).toBeGreaterThanOrEqual(2);

    // Closed, the clip stops and lets go of its media, even while the dialog fades out.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const closed = await page.locator('dialog.sign-in video').evaluate((element: HTMLVideoElement) => ({
      paused: element.paused,
      hasSrc: element.hasAttribute('src'),
      readyState: element.readyState,
      networkState: element.networkState,
    }));
    expect(closed).toEqual({ paused: true, hasSrc: false, readyState: 0, networkState: 0 });

    // The header's button opens it without a video again.
    await logInButton(page).click();
    await expect(dialog).toHaveAccessibleDescription(signInDialogTexts.defaultText);
    await expect(dialog.locator('video')).toHaveCount(0);
  });

  test('signed in, the intro opens in the same dialog with the video alone', async ({ page }) => {
    await page.goto('/product');
    await signInAsDeveloper(page, uniquePerson('intro'));
    // Signed in from it, the dialog fades out as it was: its sign-in parts do not give way to a video player.
    await expect(page.locator('dialog.sign-in')).not.toHaveAttribute('open');
    await expect(page.locator('dialog.sign-in h2')).toHaveText('Log in');
    await page.getByRole('main').getByRole('button', { name: 'Watch the intro' }).click();
    const player = page.getByRole('dialog', { name: introTitle });
    await expect(player).toBeVisible();
    await expect(player.locator('video')).toHaveAccessibleName(introTitle);
    await expect(player.getByRole('button', { name: /^Log in with / })).toHaveCount(0);
    await expect(player.getByText(introSignInText)).toHaveCount(0);
    await player.getByRole('button', { name: 'Close' }).click();
    await expect(player).toBeHidden();
  });
});
