import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  allAccessProductIds,
  DISMISSED_ANNOUNCEMENT_RETENTION_MS,
  errorScreenTexts,
  offlineTexts,
  productRoles,
  saleBannerTexts,
  TOAST_AUTO_HIDE_MS,
} from '@app/contracts';
import { loginTokenOf, signInAsDeveloper, uniquePerson } from './support/auth';
import { E2E_BASE_URL, E2E_STAFF_TOKEN } from './support/environment';

/* Shell components of spec 2, 4, 8, 9 in the browser: sale banner, announcements, snackbar, error screen. */

const saleBanner = (page: Page) => page.getByRole('region', { name: 'Sale' });

async function countdown(page: Page) {
  const parts = saleBanner(page).locator('.sale-banner__value');
  return parts.allInnerTexts();
}

test.describe('sale banner', () => {
  test('follows the clock: countdown to the extension date, then to the end, then gone', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-02-10T11:00:00Z') });
    await page.goto('/product');
    const banner = saleBanner(page);
    await expect(banner).toBeVisible();
    await page.clock.pauseAt(new Date('2026-02-10T12:00:00Z'));
    await page.clock.runFor(100);
    await expect(banner).toContainText(saleBannerTexts.title);
    await expect(banner).toContainText(saleBannerTexts.subtitle);
    await expect(banner.getByRole('link', { name: saleBannerTexts.button })).toBeVisible();
    await expect(banner).toHaveAttribute('data-status', 'beforeExtensionDate');
    // 2026-02-13T08:00Z is 2 days 20 hours away, less the 100 ms that ran.
    await expect.poll(() => countdown(page)).toEqual(['02', '19', '59', '59']);
    await expect(banner.locator('.sale-banner__unit')).toHaveText(['days', 'hours', 'mins', 'secs']);
    await page.clock.runFor(1000);
    await expect.poll(() => countdown(page)).toEqual(['02', '19', '59', '58']);

    await page.clock.pauseAt(new Date('2026-02-14T08:00:00Z'));
    await page.clock.runFor(100);
    await expect(banner).toHaveAttribute('data-status', 'afterExtensionDate');
    await expect.poll(() => countdown(page)).toEqual(['01', '23', '59', '59']);

    await page.clock.pauseAt(new Date('2026-02-16T08:00:01Z'));
    await page.clock.runFor(200);
    await expect(banner).toHaveCount(0);
  });

  test('hidden outside a sale, on excluded routes, and with ?sale-banner=false, which dismisses it', async ({
    page,
  }) => {
    await page.clock.install({ time: new Date('2026-02-11T12:00:00Z') });
    await page.goto('/account/overview');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(saleBanner(page)).toHaveCount(0);
    await page.goto('/questions/ordered-squares');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(saleBanner(page)).toHaveCount(0);
    await page.goto('/team?sale-banner=false');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(saleBanner(page)).toHaveCount(0);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('ae_sale_banner_dismissed')))
      .toBe('feb-2026');
    await page.goto('/team');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(saleBanner(page)).toHaveCount(0);
  });

  test('closing it is remembered across a reload; BUY NOW goes to purchase and dismisses too', async ({
    page,
  }) => {
    await page.clock.install({ time: new Date('2026-02-11T12:00:00Z') });
    await page.goto('/team');
    await expect(saleBanner(page)).toBeVisible();
    await saleBanner(page).getByRole('button', { name: 'Close sale banner' }).click();
    await expect(saleBanner(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(saleBanner(page)).toHaveCount(0);

    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await saleBanner(page).getByRole('link', { name: saleBannerTexts.button }).click();
    await expect(page).toHaveURL(/\/purchase$/);
    await expect(saleBanner(page)).toHaveCount(0);
  });

  test('not started: no banner until the sale starts, then it shows by itself', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-02-09T15:59:00Z') });
    await page.clock.pauseAt(new Date('2026-02-09T15:59:58Z'));
    await page.goto('/team');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.clock.runFor(500);
    await expect(saleBanner(page)).toHaveCount(0);
    await page.clock.runFor(2000);
    await expect(saleBanner(page)).toBeVisible();
    await expect(saleBanner(page)).toHaveAttribute('data-status', 'beforeExtensionDate');
  });

  test('hidden from a learner who owns every product', async ({ page, request }) => {
    await page.clock.install({ time: new Date('2026-02-11T12:00:00Z') });
    await page.goto('/team');
    await expect(saleBanner(page)).toBeVisible();
    await signInAsDeveloper(page, uniquePerson('owns-all'));
    // Signed in, owning nothing yet: still offered.
    await expect(saleBanner(page)).toBeVisible();
    const token = (await loginTokenOf(page.context()))!;
    const info = await request.post('/api/users/v1/userinfo/get', {
      headers: { authorization: `Bearer ${token}` },
      data: {},
    });
    const userId = ((await info.json()) as { subject: string }).subject;
    for (const product of allAccessProductIds) {
      const granted = await request.post('/api/staff/v1/users/roles/grant', {
        headers: { authorization: `Bearer ${E2E_STAFF_TOKEN}` },
        data: { userId, role: productRoles[product] },
      });
      expect(granted.status()).toBe(200);
    }
    await page.reload();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('account-name')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(saleBanner(page)).toHaveCount(0);
  });

  test('no banner today: every sale of the schedule is over', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-11-22T12:00:00Z') });
    await page.goto('/product');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(saleBanner(page)).toHaveCount(0);
  });
});

test.describe('announcements panel', () => {
  // Real announcements, published through the staff API and withdrawn after each test. The e2e database
  // outlives a run, so each test's are unique and expire within minutes should a run stop halfway.
  const MINE = '/api/announcements/v1/announcement/mine';
  const staff = { authorization: `Bearer ${E2E_STAFF_TOKEN}` };
  let published: string[] = [];

  async function publishAnnouncement(
    request: APIRequestContext,
    data: { message: string; sitePath?: string },
  ): Promise<{ id: string; position: string }> {
    const answer = await request.post('/api/staff/v1/announcements', {
      headers: staff,
      data: { ...data, expiresAt: new Date(Date.now() + 10 * 60_000).toISOString() },
    });
    expect(answer.status()).toBe(200);
    const body = (await answer.json()) as { position: string; announcement: { id: string } };
    published.push(body.announcement.id);
    return { id: body.announcement.id, position: body.position };
  }

  test.afterEach(async ({ request }) => {
    for (const id of published) {
      const answer = await request.post(`/api/staff/v1/announcements/${id}/withdraw`, {
        headers: staff,
        data: {},
      });
      expect(answer.status()).toBe(200);
    }
    published = [];
  });

  test('shows safe HTML after the startup delay, per page; a dismissal survives a reload and ends after two days', async ({
    page,
    request,
  }) => {
    const run = randomUUID().slice(0, 8);
    const general = await publishAnnouncement(request, {
      message: `<p>New <strong>systems</strong> lessons ${run} <img src="x" onerror="window.__announcementXss = 1"></p>`,
    });
    const forSystems = await publishAnnouncement(request, {
      message: `Only on the systems product page ${run}`,
      sitePath: '/systems/product',
    });
    // The read model has both before the page asks (the web sends no position of its own).
    const ready = await request.post(MINE, {
      headers: { 'x-min-position': forSystems.position },
      data: { site_path: '/systems/product' },
    });
    expect(((await ready.json()) as { id: string }[]).map((a) => a.id)).toEqual(
      expect.arrayContaining([general.id, forSystems.id]),
    );

    const sitePaths: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname !== MINE) return;
      sitePaths.push((sent.postDataJSON() as { site_path?: string }).site_path ?? '(general)');
    });
    await page.goto('/systems/product');
    const panel = page.getByRole('region', { name: 'Announcements' });
    const generalItem = panel.locator(`[data-announcement-id="${general.id}"]`);
    const systemsItem = panel.locator(`[data-announcement-id="${forSystems.id}"]`);
    await expect(panel).toBeVisible();
    await expect(generalItem.locator('strong')).toHaveText('systems');
    await expect(systemsItem).toHaveText(`Only on the systems product page ${run}`);
    expect(
      await page.evaluate(() => (window as { __announcementXss?: number }).__announcementXss),
    ).toBeUndefined();
    await expect(generalItem.locator('img')).toHaveCount(1);
    await expect(panel.locator('[onerror]')).toHaveCount(0);
    expect(sitePaths).toEqual(expect.arrayContaining(['(general)', '/systems/product']));

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
    await expect(panel).toBeVisible();
    await expect(generalItem).toBeVisible();
    await expect(systemsItem).toHaveCount(0);
    expect(sitePaths).toContain('/team');

    await panel.getByRole('button', { name: 'Close announcements' }).click();
    await expect(panel).toHaveCount(0);
    const dismissed = await page.evaluate(
      () => JSON.parse(localStorage.getItem('ae_dismissed_announcements')!) as Record<string, number>,
    );
    // Only general announcements are remembered as dismissed.
    expect(Object.keys(dismissed)).toContain(general.id);
    expect(Object.keys(dismissed)).not.toContain(forSystems.id);

    await page.goto('/systems/product');
    await expect(panel).toBeVisible();
    await expect(systemsItem).toBeVisible();
    await expect(generalItem).toHaveCount(0);

    // Dismissed more than two days ago: purged at load, the announcement shows again.
    await page.evaluate(
      ({ id, age }) =>
        localStorage.setItem('ae_dismissed_announcements', JSON.stringify({ [id]: Date.now() - age })),
      { id: general.id, age: DISMISSED_ANNOUNCEMENT_RETENTION_MS + 60_000 },
    );
    await page.goto('/team');
    await expect(generalItem).toContainText(`New systems lessons ${run}`);
    expect(await page.evaluate(() => localStorage.getItem('ae_dismissed_announcements'))).toBe('{}');
  });

  test('a withdrawn announcement shows no more', async ({ page, request }) => {
    const run = randomUUID().slice(0, 8);
    const announcement = await publishAnnouncement(request, {
      message: `Withdrawn soon ${run}`,
      sitePath: '/team',
    });
    await request.post(MINE, { headers: { 'x-min-position': announcement.position }, data: {} });
    await page.goto('/team');
    const item = page
      .getByRole('region', { name: 'Announcements' })
      .locator(`[data-announcement-id="${announcement.id}"]`);
    await expect(item).toHaveText(`Withdrawn soon ${run}`);

    const withdrawn = await request.post(`/api/staff/v1/announcements/${announcement.id}/withdraw`, {
      headers: staff,
      data: {},
    });
    expect(withdrawn.status()).toBe(200);
    await request.post(MINE, {
      headers: { 'x-min-position': ((await withdrawn.json()) as { position: string }).position },
      data: {},
    });
    const pageCall = page.waitForResponse(
      (answer) =>
        new URL(answer.url()).pathname === MINE &&
        (answer.request().postDataJSON() as { site_path?: string }).site_path === '/team',
    );
    await page.reload();
    expect(((await (await pageCall).json()) as { id: string }[]).map((a) => a.id)).not.toContain(
      announcement.id,
    );
    await expect(page.getByText(`Withdrawn soon ${run}`)).toHaveCount(0);
  });
});

test.describe('snackbar and offline notice', () => {
  test('offline on a watched page: a permanent warning, then the restore message hides after 5 s', async ({
    page,
    context,
  }) => {
    await page.clock.install();
    await page.goto('/questions/ordered-squares');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    // A learner goes offline in a loaded workspace (its editor's code is fetched after the page).
    await expect(page.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 20_000 });
    await context.setOffline(true);
    const snackbar = page.getByTestId('snackbar');
    const snackbarText = snackbar.locator('.toast__text');
    await expect(snackbarText).toHaveText(offlineTexts.offline);
    await expect(snackbar).toHaveAttribute('data-theme', 'warning');
    await expect(snackbar).toHaveAttribute('data-placement', 'bottomCentre');
    await page.clock.runFor(TOAST_AUTO_HIDE_MS * 3);
    await expect(snackbarText).toHaveText(offlineTexts.offline);

    // The installed clock also runs with real time; a loaded machine could spend the last 500 ms
    // between two steps, so the clock stands still from here and only runFor moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await context.setOffline(false);
    await expect(snackbarText).toHaveText(offlineTexts.restored);
    await expect(snackbar).toHaveAttribute('data-theme', 'success');
    await page.clock.runFor(TOAST_AUTO_HIDE_MS - 500);
    await expect(snackbarText).toHaveText(offlineTexts.restored);
    await page.clock.runFor(1000);
    await expect(snackbar).toHaveCount(0);
  });

  test('offline elsewhere says nothing', async ({ page, context }) => {
    await page.goto('/team');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await context.setOffline(true);
    await page.waitForTimeout(500);
    await expect(page.getByTestId('snackbar')).toHaveCount(0);
    await context.setOffline(false);
  });
});

test('a page that cannot load shows the error screen, logs the crash, and Reload recovers', async ({
  page,
}) => {
  await page.goto('/product');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await page.route(/\/assets\/team-[\w-]+\.js$/, (route) => route.abort());
  const crash = page.waitForRequest(
    (request) =>
      request.url().endsWith('/api/events/v1/event') &&
      (request.postDataJSON() as { type?: string }).type === 'UI runtime error crash',
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: errorScreenTexts.heading })).toBeVisible();
  await expect(page.getByText(errorScreenTexts.body)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Submit a bug report' })).toHaveAttribute(
    'href',
    '/help?category=miscellaneous-bug',
  );
  expect(((await crash).postDataJSON() as { body: { path: string } }).body.path).toBe('/team');

  await page.unroute(/\/assets\/team-[\w-]+\.js$/);
  await page.getByRole('button', { name: errorScreenTexts.reloadButton }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
});

test('window errors are reported once per message; the three ignored messages never', async ({ page }) => {
  const reported: string[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/api/events/v1/event')) return;
    const event = request.postDataJSON() as { type: string; body: { message: string } };
    if (event.type === 'UI runtime error') reported.push(event.body.message);
  });
  await page.goto('/team');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => {
    for (const message of [
      'ResizeObserver loop completed with undelivered notifications.',
      'ResizeObserver loop limit exceeded',
      'Script error.',
      'e2e boom',
      'e2e boom',
    ]) {
      window.dispatchEvent(new ErrorEvent('error', { message }));
    }
  });
  await expect.poll(() => reported).toEqual(['e2e boom']);
  await page.waitForTimeout(500);
  expect(reported).toEqual(['e2e boom']);
});

test('a failed call is reported as UI_NETWORK_ERRORS with its retry count; a query is retried on timeout', async ({
  page,
}) => {
  const networkErrors: unknown[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/api/events/v1/event')) return;
    const event = request.postDataJSON() as { type: string; body: unknown };
    if (event.type === 'UI_NETWORK_ERRORS') networkErrors.push(event.body);
  });
  let providerCalls = 0;
  // Never answered: each try ends by its own timeout.
  await page.route('**/api/auth/v1/providers', () => {
    providerCalls += 1;
  });
  await page.clock.install();
  await page.goto('/team');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).click();
  await expect.poll(() => providerCalls).toBe(1);
  await page.clock.runFor(3000 + 1000);
  await expect.poll(() => providerCalls).toBe(2);
  await page.clock.runFor(8000 + 2000);
  await expect.poll(() => providerCalls).toBe(3);
  await page.clock.runFor(20_000);
  await expect
    .poll(() => networkErrors)
    .toEqual([
      expect.objectContaining({ endpoint: 'listSignInProviders', status: 'TIMEOUT_ERROR', retryCount: 2 }),
    ]);
});

test('the staging cookie adds the staging header to every call', async ({ page, context }) => {
  await context.addCookies([
    {
      name: 'ae_staging',
      value: 'blue',
      url: E2E_BASE_URL,
    },
  ]);
  const versionCheck = page.waitForRequest((request) =>
    request.url().endsWith('/api/users/v1/ui_version/eval'),
  );
  await page.goto('/team');
  const request = await versionCheck;
  expect(await request.headerValue('x-staging')).toBe('blue');
  expect(await request.headerValue('authorization')).toMatch(/^Bearer .{50,}/);
});
