import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loginTokenOf, signInAsDeveloper, uniquePerson } from './support/auth';
import { seriousViolations } from './support/axe';
import { E2E_STAFF_TOKEN } from './support/environment';

/*
 * The management area (issue 20): a staff member finds a learner, opens the account's history, steps
 * back to before the learner's last submission and sees the progress as it was then, and forward again.
 */

const questionsDir = path.resolve(__dirname, '..', '..', 'content', 'algorithms', 'questions');
const solutionOf = (slug: string) =>
  readFileSync(path.join(questionsDir, slug, 'solutions', 'javascript'), 'utf8');
/** Two free questions with JavaScript reference solutions. */
const SLUGS = ['ordered-squares', 'stair-step-ways'];

/** Signs a learner in through the fake provider's page, as the popup would, and answers the token. */
async function learnerToken(request: APIRequestContext, email: string): Promise<string> {
  const page = await request.get(`/api/auth/v1/oauth2/fake?${new URLSearchParams({ email, redirect: '/' })}`);
  expect(page.status()).toBe(200);
  const token = /"token":"(aes1_[A-Za-z0-9_-]+)"/.exec(await page.text())?.[1];
  expect(token, 'the success page carries the token').toBeTruthy();
  return token!;
}

async function submit(request: APIRequestContext, token: string, slug: string) {
  for (;;) {
    const answer = await request.post('/api/problems/v1/algoexpert/submissions/create', {
      headers: { authorization: `Bearer ${token}` },
      data: { questionId: slug, language: 'javascript', code: solutionOf(slug) },
      timeout: 60_000,
    });
    if (answer.status() === 429) {
      await new Promise((resolve) => setTimeout(resolve, 5000));
      continue;
    }
    expect(answer.status(), `${slug}: ${await answer.text()}`).toBe(200);
    expect(((await answer.json()) as { submission: { status: string } }).submission.status).toBe('CORRECT');
    return;
  }
}

/** Makes the person signed in on the page a staff member, through the operator token. */
async function makeStaff(page: Page, request: APIRequestContext) {
  const token = (await loginTokenOf(page.context()))!;
  const info = await request.post('/api/users/v1/userinfo/get', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  const userId = ((await info.json()) as { subject: string }).subject;
  const granted = await request.post('/api/staff/v1/users/roles/grant', {
    headers: { authorization: `Bearer ${E2E_STAFF_TOKEN}` },
    data: { userId, role: 'staff' },
  });
  expect(granted.status()).toBe(200);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page fits the screen width').toBeLessThanOrEqual(0);
}

test.describe('management area', () => {
  test('a staff member finds a learner, opens the history and travels back before the last submission', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const learner = uniquePerson('learner');
    const token = await learnerToken(request, learner.email);
    for (const slug of SLUGS) await submit(request, token, slug);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/management');
    await signInAsDeveloper(page, uniquePerson('staff'));
    await makeStaff(page, request);
    await page.reload();

    await expect(page.getByRole('heading', { level: 1, name: 'Management' })).toBeVisible();
    // The read models, this index among them, each with its rebuild.
    await expect(page.getByRole('button', { name: 'Rebuild account-history' })).toBeVisible();
    // A rebuild shows its progress, then leaves its figures: the events it replayed, its time and rate.
    const clicks = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'affiliate-clicks-daily', exact: true }) });
    await clicks.getByRole('button', { name: 'Rebuild affiliate-clicks-daily' }).click();
    await expect(clicks.getByTestId('rebuild-figures')).toHaveText(
      /^Last rebuild: [\d,]+ events in \d.* · [\d,]+ events\/s$/,
      { timeout: 30_000 },
    );
    await expect(clicks.getByRole('button', { name: 'Rebuild affiliate-clicks-daily' })).toBeEnabled();
    // An announcement published from the page is listed as active, then withdrawn.
    const message = `Maintenance ${learner.email}`;
    await page.getByLabel('Message (HTML)').fill(message);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const announcement = page
      .getByRole('list', { name: 'Announcements' })
      .getByRole('listitem')
      .filter({ hasText: message });
    await expect(announcement).toContainText('(active)');
    await announcement.getByRole('button', { name: 'Withdraw' }).click();
    await expect(announcement).toContainText('(withdrawn)');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('management-home-1280.png'), fullPage: true });

    await page.getByLabel('Email, username or user id').fill(learner.email);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    const found = page.getByRole('list', { name: 'Accounts found' }).getByRole('link');
    await expect(found).toHaveCount(1);
    await found.click();

    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    const submissions = page.locator('tr[data-event-type="CodeSubmitted"]');
    await expect(submissions).toHaveCount(2);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('management-account-1280.png'), fullPage: true });

    // The event's detail: its data and the other events of its request.
    await submissions
      .last()
      .getByRole('button', { name: /^Details of CodeSubmitted/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Event CodeSubmitted' })).toBeVisible();
    await expect(page.getByLabel('Event data')).toContainText(SLUGS[1]);

    // As of the last submission: both questions done.
    await submissions
      .last()
      .getByRole('button', { name: /^Account as of CodeSubmitted/ })
      .click();
    const completed = page.getByTestId('travel-completed');
    await expect(completed).toHaveText(/^2 of \d+$/);

    // One step back, before the last submission: one question done, and what that event changed.
    await page.getByRole('button', { name: 'Previous event' }).click();
    await expect(completed).toHaveText(/^1 of \d+$/);
    await expect(page.getByTestId('travel-event')).toContainText('CodeSubmitted');
    await expect(page.getByTestId('travel-changes')).toContainText(
      'unlocks.algoexpert.numQuestionsCompleted',
    );

    // And forward again.
    await page.getByRole('button', { name: 'Next event' }).click();
    await expect(completed).toHaveText(/^2 of \d+$/);
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(completed).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('management-account-390.png'), fullPage: true });
  });

  test('a staff member builds a read model as of the last event, pages through it, and drops it', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const learner = uniquePerson('snapshot-learner');
    await learnerToken(request, learner.email);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/management');
    await signInAsDeveloper(page, uniquePerson('snapshot-staff'));
    await makeStaff(page, request);
    await page.reload();

    const panel = page.getByRole('region', { name: 'Read models as of a position' });
    await panel.getByLabel('Read model').selectOption('user-access');
    await panel.getByRole('button', { name: 'Build snapshot' }).click();
    const row = panel.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'user-access' }) });
    await expect(row.first()).toContainText('ready', { timeout: 60_000 });
    await row.first().getByRole('button', { name: 'View' }).click();
    await expect(panel.getByRole('heading', { level: 3, name: /^user-access as of / })).toBeVisible();
    // The learner signed in before the snapshot's position: their row is in it.
    await expect(panel.getByRole('status').filter({ hasText: /^Rows 1 to \d+ of \d+$/ })).toBeVisible();
    await expect(panel.getByRole('columnheader', { name: 'user_id' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('management-snapshot-1280.png'), fullPage: true });
    // On a phone the form and the rows fit the screen (the table scrolls inside its own region).
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(panel.getByRole('button', { name: 'Build snapshot' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath('management-snapshot-390.png'), fullPage: true });
    await row
      .first()
      .getByRole('button', { name: /^Drop the snapshot of user-access/ })
      .click();
    await expect(row.first()).toContainText('dropped');
  });

  test('a learner is refused by the management area', async ({ page }) => {
    await page.goto('/management');
    await signInAsDeveloper(page, uniquePerson('not-staff'));
    // One refusal for the page, not one per panel; nothing of the area shows.
    await expect(page.getByRole('alert')).toHaveText('The management area is for staff only.');
    await expect(page.getByLabel('Email, username or user id')).toHaveCount(0);
    // The calls themselves refuse a learner too.
    const token = (await loginTokenOf(page.context()))!;
    const answer = await page.request.get(`/api/staff/v1/accounts/${randomUUID()}/history`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status()).toBe(403);
  });
});
