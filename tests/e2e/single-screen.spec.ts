import { expect, test, type Request } from '@playwright/test';
import {
  LOGOUT_COUNTDOWN_SECONDS,
  logoutCountdownText,
  logoutDialogTexts,
  SCREEN_LEASE_TICK_MS,
} from '@app/contracts';
import { header, logInButton, loginTokenOf, signInAsDeveloper, uniquePerson } from './support/auth';

type LeaseRequest = { force: boolean; machine_uuid: string; subject: string; ttl: number };
type LeaseReply = { acquired: boolean; currentOwner: string | null };

const isLeaseCall = (url: string) => url.endsWith('/api/users/v1/screen_lease/acquire');

test('a second machine on the same account takes the lease; the first is logged out after the countdown', async ({
  browser,
  request,
}) => {
  const person = uniquePerson('lease');
  const firstContext = await browser.newContext();
  const secondContext = await browser.newContext();
  const first = await firstContext.newPage();
  const second = await secondContext.newPage();

  // The first machine's timers run on a fake clock, so its 20 s lease tick and 15 s countdown take no
  // real time. The server's lease lives in real time: the second machine keeps the real clock.
  await first.clock.install();
  await first.goto('/');
  const firstLease = first.waitForResponse((r) => isLeaseCall(r.url()));
  await signInAsDeveloper(first, person);
  const firstLeaseReply = (await (await firstLease).json()) as LeaseReply;
  expect(firstLeaseReply.acquired).toBe(true);
  const firstMachine = ((await firstLease).request().postDataJSON() as LeaseRequest).machine_uuid;
  const firstToken = await loginTokenOf(firstContext);

  // From here the first page's time moves only when the test moves it.
  await first.clock.pauseAt((await first.evaluate(() => Date.now())) + 1000);

  const secondLeaseCalls: { body: LeaseRequest; reply: LeaseReply }[] = [];
  second.on('response', async (response) => {
    if (!isLeaseCall(response.url())) return;
    const body = response.request().postDataJSON() as LeaseRequest;
    secondLeaseCalls.push({ body, reply: (await response.json()) as LeaseReply });
  });
  await second.goto('/');
  await signInAsDeveloper(second, person);
  // The first machine still holds a live lease: the plain call fails and the forced retry takes it.
  await expect.poll(() => secondLeaseCalls.length).toBeGreaterThanOrEqual(2);
  const [plain, forced] = secondLeaseCalls;
  expect(plain.body.force).toBe(false);
  expect(plain.reply).toEqual(expect.objectContaining({ acquired: false, currentOwner: firstMachine }));
  expect(forced.body.force).toBe(true);
  expect(forced.reply.acquired).toBe(true);
  const secondMachine = forced.body.machine_uuid;
  expect(secondMachine).not.toBe(firstMachine);
  expect(forced.body.subject).toBe(plain.body.subject);
  expect(forced.body.ttl).toBe(25);

  // The first machine's next renewal finds the lease gone: the forced-logout dialog opens.
  const renewal = first.waitForResponse((r) => isLeaseCall(r.url()));
  await first.clock.fastForward(SCREEN_LEASE_TICK_MS);
  expect(((await renewal).request().postDataJSON() as LeaseRequest).force).toBe(false);
  expect(((await (await renewal).json()) as LeaseReply).acquired).toBe(false);

  const dialog = first.getByRole('dialog', { name: logoutDialogTexts.title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(logoutDialogTexts.body);
  await expect(dialog.getByRole('link', { name: 'Contact us' })).toBeVisible();
  const countdown = dialog.getByText(/^You'll be logged out/);
  await expect(countdown).toHaveText(logoutCountdownText(LOGOUT_COUNTDOWN_SECONDS));
  // Escape does not dismiss it.
  await first.keyboard.press('Escape');
  await expect(dialog).toBeVisible();

  await first.clock.runFor(1000);
  await expect(countdown).toHaveText(logoutCountdownText(LOGOUT_COUNTDOWN_SECONDS - 1));
  await first.clock.runFor((LOGOUT_COUNTDOWN_SECONDS - 2) * 1000);
  await expect(countdown).toHaveText(logoutCountdownText(1));
  await expect(header(first).getByTestId('account-name')).toHaveText(person.name);

  const eventRequest = first.waitForRequest(
    (r) => r.url().endsWith('/api/events/v1/event') && isEvent(r, 'single-screen logout'),
  );
  const logoutRequest = first.waitForRequest((r) => r.url().endsWith('/api/auth/v1/logout'));
  await first.clock.runFor(1000);
  await expect(countdown).toHaveText(logoutCountdownText(0));

  const event = (await eventRequest).postDataJSON() as { type: string; body: unknown; machineUuid?: string };
  expect(event.type).toBe('single-screen logout');
  expect(event.body).toEqual({ machine_uuid: firstMachine, current_owner: secondMachine });
  const logout = await logoutRequest;
  expect(logout.postDataJSON()).toEqual({ reason: 'singleScreen' });
  expect(logout.headers()['authorization']).toBe(`Bearer ${firstToken}`);

  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(logInButton(first)).toBeVisible();
  expect(await loginTokenOf(firstContext)).toBeUndefined();
  const afterLogout = await request.post('/api/users/v1/userinfo/get', {
    headers: { Authorization: `Bearer ${firstToken}` },
    data: {},
  });
  expect(afterLogout.status()).toBe(401);

  // The second machine is untouched.
  await expect(header(second).getByTestId('account-name')).toHaveText(person.name);
  await expect(second.getByRole('dialog')).toHaveCount(0);

  await firstContext.close();
  await secondContext.close();
});

function isEvent(request: Request, type: string): boolean {
  try {
    return (request.postDataJSON() as { type?: string }).type === type;
  } catch {
    return false;
  }
}
