import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import { VERSION_RELOAD_DELAY_MS, type UiVersionStatus } from '@app/contracts';

const webVersion = (
  JSON.parse(readFileSync(path.resolve(__dirname, '../../web/package.json'), 'utf8')) as { version: string }
).version;

/** Answers the version check with the given statuses in turn (the last one repeats); counts the checks. */
async function answerVersionChecks(page: Page, statuses: UiVersionStatus[]) {
  const asked: string[] = [];
  await page.route('**/api/users/v1/ui_version/eval', async (route) => {
    asked.push((route.request().postDataJSON() as { version: string }).version);
    const status = statuses[Math.min(asked.length - 1, statuses.length - 1)];
    await route.fulfill({ json: { status } });
  });
  return asked;
}

function isForcedRefresh(request: Request): boolean {
  if (!request.url().endsWith('/api/events/v1/event')) return false;
  return (request.postDataJSON() as { type?: string }).type === 'forced refresh';
}

test.describe('version check', () => {
  test('an unsupported build logs a forced refresh and reloads at once', async ({ page }) => {
    const asked = await answerVersionChecks(page, ['unsupported', 'supported']);
    const refreshEvent = page.waitForRequest(isForcedRefresh);
    await page.goto('/');

    const event = (await refreshEvent).postDataJSON() as { body: unknown; machineUuid?: string };
    expect(event.body).toEqual({ reason: 'unsupported', version: webVersion });
    // Logged out visitors send their machine id with events.
    expect(event.machineUuid).toMatch(/^[0-9a-f-]{36}$/);
    // The reloaded page checks again (and is told it is supported now).
    await expect.poll(() => asked.length).toBe(2);
    expect(asked).toEqual([webVersion, webVersion]);
  });

  test('a deprecated build waits until the tab is hidden, then logs and reloads', async ({ page }) => {
    const asked = await answerVersionChecks(page, ['deprecated', 'supported']);
    const forcedRefreshes: Request[] = [];
    page.on('request', (request) => {
      if (isForcedRefresh(request)) forcedRefreshes.push(request);
    });
    await page.goto('/');
    await expect.poll(() => asked.length).toBe(1);
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
    await expect.poll(() => asked.length).toBe(2);
  });
});
