import { expect, test, type Locator, type Page } from '@playwright/test';
import { appendTelemetryEvent } from './support/api';

/** The projections of the platform's spine; later features add more. */
const SPINE_PROJECTIONS = ['telemetry-daily', 'affiliate-clicks-daily'];
const EVENTS_TO_APPEND = 3;

/** A figure as displayed on the page (digit grouping removed), as a bigint: positions outgrow numbers. */
async function readFigure(locator: Locator): Promise<bigint> {
  const digits = (await locator.innerText()).replace(/[^\d]/g, '');
  expect(digits, 'the figure shows digits').not.toBe('');
  return BigInt(digits);
}

function projectionsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Projections' });
}

function projectionRow(page: Page, name: string): Locator {
  return projectionsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

test.describe('system status page', () => {
  test('shows the event-store head and the projections, and follows new events without a reload', async ({
    page,
    request,
  }) => {
    await page.goto('/status');

    await expect(page.getByRole('heading', { level: 1, name: 'System status' })).toBeVisible();
    const table = projectionsTable(page);
    await expect(table).toBeVisible();
    for (const header of ['Projection', 'State', 'Checkpoint position', 'Events behind', 'Lag']) {
      await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    for (const name of SPINE_PROJECTIONS) {
      await expect(projectionRow(page, name)).toBeVisible();
    }

    const headPosition = page.getByTestId('head-position');
    const totalEvents = page.getByTestId('total-events');
    await expect(totalEvents).toHaveText(/\d/);
    const positionBefore = await readFigure(headPosition);
    const totalBefore = await readFigure(totalEvents);

    // A marker on the window survives only if the page is never reloaded.
    await page.evaluate(() => document.documentElement.setAttribute('data-e2e-same-document', 'yes'));

    for (let i = 0; i < EVENTS_TO_APPEND; i += 1) {
      await appendTelemetryEvent(request);
    }

    // The page polls: the new events show up on their own.
    await expect
      .poll(() => readFigure(totalEvents), { message: 'total events grows', timeout: 15_000 })
      .toBeGreaterThanOrEqual(totalBefore + BigInt(EVENTS_TO_APPEND));
    await expect
      .poll(() => readFigure(headPosition), { message: 'head position advances', timeout: 15_000 })
      .toBeGreaterThan(positionBefore);

    for (const name of SPINE_PROJECTIONS) {
      await expect(projectionRow(page, name).getByTestId('events-behind'), `${name} catches up`).toHaveText(
        '0',
        { timeout: 20_000 },
      );
    }
    await expect(page.locator('html')).toHaveAttribute('data-e2e-same-document', 'yes');
  });

  test('shows the API error message when the status cannot be loaded, and recovers', async ({ page }) => {
    await page.route('**/api/system/v1/status*', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'SERVICE_UNAVAILABLE',
          message: 'The projection-service is not answering.',
        }),
      }),
    );
    await page.goto('/status');

    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The system status could not be loaded.');
    await expect(alert).toContainText('The projection-service is not answering.');
    await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();

    // Polling goes on: once the API answers again, the figures replace the error.
    await page.unroute('**/api/system/v1/status*');
    await expect(projectionsTable(page)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test('every route is loaded lazily: the status page code arrives only when /status is opened', async ({
  page,
}) => {
  const scriptUrls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('.js')) scriptUrls.push(request.url());
  });
  const statusPageMarker = 'Events behind';

  // The home page (the algorithms product page, after the redirect) and its code.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const loadedForHome = [...scriptUrls];
  expect(loadedForHome.length, 'the entry and the home route chunk').toBeGreaterThan(1);
  for (const url of loadedForHome) {
    const source = await (await page.request.get(url)).text();
    expect(source, `${url} must not carry the status page`).not.toContain(statusPageMarker);
  }

  // A client-side navigation (no page load): the router fetches the status route's chunk then.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/status');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1, name: 'System status' })).toBeVisible();
  await expect(page).toHaveURL(/\/status$/);

  const loadedForStatus = scriptUrls.slice(loadedForHome.length);
  expect(loadedForStatus.length, 'opening /status fetches its own chunk').toBeGreaterThan(0);
  const sources = await Promise.all(loadedForStatus.map(async (url) => (await page.request.get(url)).text()));
  expect(sources.some((source) => source.includes(statusPageMarker))).toBe(true);
});
