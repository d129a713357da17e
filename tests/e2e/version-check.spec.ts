import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { BACKGROUND_CALL_FIRST_RUN_MS, VERSION_RELOAD_DELAY_MS } from '@app/contracts';
import { E2E_STAFF_TOKEN } from './support/environment';

/*
 * The version check against the real server: staff move the build bounds (setUiVersionBounds), the
 * page polls ui_version/eval and reacts as spec 4 says. Bounds are cleared after each test.
 */

const webVersion = (
  JSON.parse(readFileSync(path.resolve(__dirname, '../../web/package.json'), 'utf8')) as { version: string }
).version;
const newer = `${Number(webVersion.split('.')[0]) + 1}.0.0`;

async function setBounds(
  request: APIRequestContext,
  minSupported: string | null,
  minRecommended: string | null,
) {
  const set = await request.post('/api/staff/v1/ui-version/bounds', {
    data: { minSupported, minRecommended },
    headers: { authorization: `Bearer ${E2E_STAFF_TOKEN}` },
  });
  expect(set.status()).toBe(200);
  const { position } = (await set.json()) as { position: string };
  // Wait until the read model has the bounds, as the page will see them.
  const check = await request.post('/api/users/v1/ui_version/eval', {
    data: { version: webVersion },
    headers: { 'x-min-position': position },
  });
  expect(check.status()).toBe(200);
  return ((await check.json()) as { status: string }).status;
}

const isForcedRefresh = (request: Request) =>
  request.url().endsWith('/api/events/v1/event') &&
  (request.postDataJSON() as { type?: string }).type === 'forced refresh';

function countChecks(page: Page) {
  const checks: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/users/v1/ui_version/eval')) {
      checks.push((request.postDataJSON() as { version: string }).version);
    }
  });
  return checks;
}

test.describe('version check', () => {
  test.afterEach(async ({ request }) => {
    await setBounds(request, null, null);
  });

  test('is the periodic background call: its first run comes 2 s after start', async ({ page }) => {
    const started = Date.now();
    const firstCheck = page.waitForRequest((request) =>
      request.url().endsWith('/api/users/v1/ui_version/eval'),
    );
    await page.goto('/team');
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    await firstCheck;
    expect(Date.now() - started).toBeGreaterThanOrEqual(BACKGROUND_CALL_FIRST_RUN_MS);
  });

  test('an unsupported build logs a forced refresh and reloads once, without looping', async ({
    page,
    request,
  }) => {
    expect(await setBounds(request, newer, null)).toBe('unsupported');
    const checks = countChecks(page);
    const forcedRefreshes: Request[] = [];
    page.on('request', (r) => {
      if (isForcedRefresh(r)) forcedRefreshes.push(r);
    });
    const refreshEvent = page.waitForRequest(isForcedRefresh);
    await page.goto('/');
    const event = (await refreshEvent).postDataJSON() as { body: unknown; machineUuid?: string };
    expect(event.body).toEqual({ reason: 'unsupported', version: webVersion });
    expect(event.machineUuid).toMatch(/^[0-9a-f-]{36}$/);
    // The reloaded page asks again, is still unsupported, and does not reload a second time.
    await expect.poll(() => checks.length).toBe(2);
    await page.waitForTimeout(VERSION_RELOAD_DELAY_MS * 4);
    expect(forcedRefreshes).toHaveLength(1);
    expect(checks).toEqual([webVersion, webVersion]);
  });

  test('a deprecated build waits until the tab is hidden, then logs and reloads', async ({
    page,
    request,
  }) => {
    expect(await setBounds(request, null, newer)).toBe('deprecated');
    const checks = countChecks(page);
    const forcedRefreshes: Request[] = [];
    page.on('request', (r) => {
      if (isForcedRefresh(r)) forcedRefreshes.push(r);
    });
    await page.goto('/');
    await expect.poll(() => checks.length).toBe(1);
    await page.evaluate(() => document.documentElement.setAttribute('data-e2e-same-document', 'yes'));

    // Visible tab: nothing happens, even well after the reload delay.
    await page.waitForTimeout(VERSION_RELOAD_DELAY_MS * 3);
    expect(forcedRefreshes).toHaveLength(0);
    await expect(page.locator('html')).toHaveAttribute('data-e2e-same-document', 'yes');

    const refreshEvent = page.waitForRequest(isForcedRefresh);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect((await refreshEvent).postDataJSON()).toEqual(
      expect.objectContaining({
        type: 'forced refresh',
        body: { reason: 'deprecated', version: webVersion },
      }),
    );
    await expect(page.locator('html')).not.toHaveAttribute('data-e2e-same-document', 'yes');
    await expect.poll(() => checks.length).toBe(2);
  });

  test('a supported build never reloads', async ({ page, request }) => {
    expect(await setBounds(request, webVersion, webVersion)).toBe('supported');
    const checks = countChecks(page);
    await page.goto('/');
    await expect.poll(() => checks.length).toBe(1);
    await page.evaluate(() => document.documentElement.setAttribute('data-e2e-same-document', 'yes'));
    await page.waitForTimeout(VERSION_RELOAD_DELAY_MS * 3);
    await expect(page.locator('html')).toHaveAttribute('data-e2e-same-document', 'yes');
  });
});
