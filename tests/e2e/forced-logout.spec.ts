import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  LOGOUT_COUNTDOWN_SECONDS,
  logoutCountdownText,
  logoutDialogTexts,
  SCREEN_LEASE_TICK_MS,
} from '@app/contracts';
import {
  header,
  loggedInFlagOf,
  logInButton,
  loginTokenOf,
  signInAsDeveloper,
  uniquePerson,
} from './support/auth';

/*
 * The forced-logout dialog of spec 4 and 8: the single-screen lease is taken over through the real lease
 * API by another machine of the same account; this page's next renewal finds it lost.
 */

type LeaseRequest = { force: boolean; machine_uuid: string; subject: string; ttl: number };
type LeaseReply = { acquired: boolean; currentOwner: string | null };

const LEASE_PATH = '/api/users/v1/screen_lease/acquire';

test('a lease taken by another machine: an undismissable countdown, then logout, then OK', async ({
  page,
  context,
  request,
}) => {
  const person = uniquePerson('forced-logout');
  // Page timers on a fake clock: the 20 s lease tick and the 15 s countdown take no real time.
  await page.clock.install();
  await page.goto('/team');
  const firstLease = page.waitForResponse((response) => response.url().endsWith(LEASE_PATH));
  await signInAsDeveloper(page, person);
  const lease = await firstLease;
  expect(((await lease.json()) as LeaseReply).acquired).toBe(true);
  const leaseRequest = lease.request().postDataJSON() as LeaseRequest;
  const token = await loginTokenOf(context);
  expect(token).toBeTruthy();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

  // Another machine of the same account forces the lease over, through the API the app itself uses.
  const otherMachine = `e2e-other-machine-${randomUUID()}`;
  const takeover = await request.post(LEASE_PATH, {
    headers: { Authorization: `Bearer ${token}` },
    data: { force: true, machine_uuid: otherMachine, subject: leaseRequest.subject, ttl: leaseRequest.ttl },
  });
  expect(takeover.status(), await takeover.text()).toBe(200);
  expect(((await takeover.json()) as LeaseReply).acquired).toBe(true);

  const dialog = page.getByRole('dialog', { name: logoutDialogTexts.title });
  await expect(dialog).toHaveCount(0);
  const renewal = page.waitForResponse((response) => response.url().endsWith(LEASE_PATH));
  await page.clock.fastForward(SCREEN_LEASE_TICK_MS);
  const renewalReply = (await (await renewal).json()) as LeaseReply;
  expect(renewalReply).toEqual(expect.objectContaining({ acquired: false, currentOwner: otherMachine }));

  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: logoutDialogTexts.title })).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(logoutDialogTexts.body);
  await expect(dialog.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/help');
  const countdown = dialog.locator('.forced-logout__countdown');
  await expect(countdown).toHaveText(logoutCountdownText(LOGOUT_COUNTDOWN_SECONDS));
  await expect(countdown).toHaveText(`You'll be logged out in ${LOGOUT_COUNTDOWN_SECONDS} seconds`);
  // Until the logout there is nothing to press, and neither Escape nor a click outside dismisses it.
  await expect(dialog.getByRole('button')).toHaveCount(0);
  await page.keyboard.press('Escape');
  const box = await dialog.boundingBox();
  await page.mouse.click(box!.x + box!.width / 2, Math.max(2, box!.y - 20));
  await expect(dialog).toBeVisible();
  await expect(header(page).getByTestId('account-name')).toHaveText(person.name);

  await page.clock.runFor((LOGOUT_COUNTDOWN_SECONDS - 1) * 1000);
  await expect(countdown).toHaveText(logoutCountdownText(1));
  await expect(countdown).toHaveText(`You'll be logged out in 1 second`);
  await expect(header(page).getByTestId('account-name')).toHaveText(person.name);

  const logoutRequest = page.waitForRequest((r) => r.url().endsWith('/api/auth/v1/logout'));
  await page.clock.runFor(1000);
  await expect(countdown).toHaveText(logoutCountdownText(0));
  await expect(countdown).toHaveText(`You'll be logged out now`);
  expect((await logoutRequest).postDataJSON()).toEqual({ reason: 'singleScreen' });

  // Logged out: the dialog now offers OK, which closes it.
  await expect(logInButton(page)).toBeVisible();
  const ok = dialog.getByRole('button', { name: 'OK' });
  await expect(ok).toBeVisible();
  await ok.click();
  await expect(dialog).toBeHidden();
  expect(await loginTokenOf(context)).toBeUndefined();
  expect(await loggedInFlagOf(page)).toBe('false');

  // The session is over on the server too, and a reload stays signed out.
  const afterLogout = await request.post('/api/users/v1/userinfo/get', {
    headers: { Authorization: `Bearer ${token}` },
    data: {},
  });
  expect(afterLogout.status()).toBe(401);
  await page.reload();
  await expect(logInButton(page)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
