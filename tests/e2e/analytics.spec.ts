import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loginTokenOf, signInAsDeveloper, uniquePerson } from './support/auth';
import { seriousViolations } from './support/axe';
import { E2E_STAFF_TOKEN } from './support/environment';

/*
 * The analysts' workspace (issue 21): a learner is refused; an analyst writes SQL in the editor, runs it
 * with Ctrl+Enter, sees the table and the chart, sorts, downloads the CSV (its content checked), saves the
 * query; a second analyst opens it from the saved queries and runs it.
 */

const SQL =
  "SELECT d::date AS day, n FROM (VALUES ('2026-01-01', 3), ('2026-01-02', 5), ('2026-01-03', 4)) AS t(d, n)";

/** Signs `page` in as a new person and grants them the analyst role through the staff call. */
async function signInAsAnalyst(page: Page, request: APIRequestContext, label: string, grant = true) {
  await page.goto('/analytics');
  await signInAsDeveloper(page, uniquePerson(label));
  const token = (await loginTokenOf(page.context()))!;
  const info = await request.post('/api/users/v1/userinfo/get', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  const userId = ((await info.json()) as { subject: string }).subject;
  if (!grant) return;
  const granted = await request.post('/api/staff/v1/users/roles/grant', {
    headers: { authorization: `Bearer ${E2E_STAFF_TOKEN}` },
    data: { userId, role: 'analyst' },
  });
  expect(granted.status()).toBe(200);
  await page.reload();
}

/** Replaces the editor's text as typed input (insertText: no auto-closed brackets). */
async function writeSql(page: Page, sql: string) {
  const editor = page.getByRole('textbox', { name: /SQL query/ });
  await expect(editor).toBeAttached({ timeout: 60_000 });
  await page.locator('.analytics-editor .monaco-editor').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(sql);
}

const resultRows = (page: Page) => page.getByRole('region', { name: 'Query result' }).locator('tbody tr');

test('a learner without the analyst role is refused', async ({ page, request }) => {
  await signInAsAnalyst(page, request, 'not-analyst', false);
  await expect(page.getByText('This call is for analysts only.').first()).toBeVisible();
});

test('an analyst runs a query, sees the chart, downloads the CSV and saves it; a second analyst opens it', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInAsAnalyst(page, request, 'analyst');
  // A shared machine under load: the first page, then Monaco, may take a while to arrive.
  await expect(page.getByText('analytics.learners', { exact: true })).toBeVisible({ timeout: 60_000 });

  await writeSql(page, SQL);
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByRole('status').filter({ hasText: '3 rows in' })).toBeVisible();
  await expect(resultRows(page)).toHaveCount(3);
  const grid = page.getByRole('region', { name: 'Query result' });
  await expect(grid.getByRole('columnheader')).toHaveText(['daydate', 'nint4']);

  // The default chart: bars of n by day.
  const chart = page.getByRole('figure', { name: 'Result: n by day' });
  await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(3);
  await page.getByRole('combobox', { name: 'Chart' }).selectOption('line');
  await expect(chart.locator('.recharts-line')).toHaveCount(1);

  // Sorting by n, then the other way.
  await grid.getByRole('button', { name: /^n/ }).click();
  await expect(resultRows(page).first()).toContainText('3');
  await grid.getByRole('button', { name: /^n/ }).click();
  await expect(resultRows(page).first()).toContainText('5');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await downloading;
  expect(csv.suggestedFilename()).toBe('query.csv');
  // The download is the result in the query's order, whatever the grid's sort.
  expect(readFileSync((await csv.path())!, 'utf8')).toBe(
    'day,n\r\n2026-01-01,3\r\n2026-01-02,5\r\n2026-01-03,4\r\n',
  );

  const name = `Daily n ${Date.now()}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description', { exact: true }).fill('Three days of n, for the e2e test');
  await page.getByRole('button', { name: 'Save query' }).click();
  await expect(page.getByText(`Saved "${name}" for every analyst.`)).toBeVisible();
  await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('analytics-1280.png'), fullPage: true });

  const second = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const other = await second.newPage();
  await signInAsAnalyst(other, second.request, 'analyst-2');
  await other.getByRole('button', { name, exact: true }).click({ timeout: 60_000 });
  await expect(other.getByText(`Opened "${name}".`)).toBeVisible();
  await expect(other.locator('.analytics-editor .view-lines')).toContainText('VALUES');
  await other.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(other.getByRole('region', { name: 'Query result' }).locator('tbody tr')).toHaveCount(3);
  // The saved chart comes with the query.
  await expect(other.getByRole('figure', { name: 'Result: n by day' }).locator('.recharts-line')).toHaveCount(
    1,
  );
  expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(other)).toEqual([]);
  await other.screenshot({ path: test.info().outputPath('analytics-390.png'), fullPage: true });
  await second.close();
});

test('an analyst opens a ready dashboard and its panels run', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInAsAnalyst(page, request, 'dashboards');
  await expect(page.getByRole('option', { name: 'Learner funnel' })).toBeAttached({ timeout: 60_000 });
  await page.getByRole('combobox', { name: 'Dashboard' }).selectOption({ label: 'Learner funnel' });
  const panel = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'From first visit' }) });
  const steps = panel.getByRole('region', { name: 'From first visit' }).locator('tbody tr');
  await expect(steps).toHaveCount(5);
  await expect(steps.first()).toContainText('first visit');
  await expect(panel.getByRole('figure', { name: 'From first visit: people by step' })).toBeVisible();
  const registration = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'From registration' }) });
  await expect(
    registration.getByRole('region', { name: 'From registration' }).locator('tbody tr'),
  ).toHaveCount(5);
});

test("a browser tells its first visit, then its first visit signed in, and the analysts' visitors view ties it to the account", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const visits: { path: string }[] = [];
  page.on('request', (sent) => {
    if (!sent.url().endsWith('/api/events/v1/event')) return;
    const body = sent.postDataJSON() as { type: string; body: { path: string }; machineUuid?: string };
    if (body.type === 'visit') visits.push(body.body);
  });
  await signInAsAnalyst(page, request, 'visitor');
  await expect.poll(() => visits.length).toBe(2);
  expect(visits[0]).toEqual({ path: '/analytics' });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const machine = await page.evaluate(() => window.localStorage.getItem('ae_machine_uuid'));
  const token = (await loginTokenOf(page.context()))!;
  const info = await request.post('/api/users/v1/userinfo/get', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  const userId = ((await info.json()) as { subject: string }).subject;
  await expect
    .poll(async () => {
      const answer = await request.post('/api/analytics/v1/query', {
        headers: { authorization: `Bearer ${token}` },
        data: {
          sql: `SELECT user_id::text, first_path FROM analytics.visitors WHERE machine_uuid = '${machine}'`,
        },
      });
      return ((await answer.json()) as { rows: unknown[][] }).rows;
    })
    .toEqual([[userId, '/analytics']]);
  // Reloads and later pages say nothing more.
  expect(visits).toHaveLength(2);
});

test('an analyst queries a read model as of a position, through the snapshot staff built', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const staff = { authorization: `Bearer ${E2E_STAFF_TOKEN}` };
  await signInAsAnalyst(page, request, 'snapshot-analyst');
  const status = await request.get('/api/system/v1/status');
  const head = ((await status.json()) as { head: { token: string } }).head.token;
  const started = await request.post('/api/staff/v1/projections/user-access/snapshots', {
    headers: staff,
    data: { position: head },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { snapshotId, schema } = (await started.json()) as { snapshotId: string; schema: string };
  await expect
    .poll(
      async () => {
        const list = await request.get('/api/staff/v1/projection-snapshots', { headers: staff });
        const snapshots = ((await list.json()) as { snapshots: { snapshotId: string; state: string }[] })
          .snapshots;
        return snapshots.find((s) => s.snapshotId === snapshotId)?.state;
      },
      { timeout: 60_000 },
    )
    .toBe('ready');

  // The schema panel lists the snapshot's views under it, named with its schema.
  await page.reload();
  const group = page.locator('.analytics-schema__snapshot').filter({ hasText: `${schema}.learners` });
  await expect(group.getByRole('heading', { level: 3 })).toHaveText(`user-access as of ${head}`, {
    timeout: 60_000,
  });
  await writeSql(page, `SELECT count(*) AS learners FROM ${schema}.learners WHERE registered_at IS NOT NULL`);
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(resultRows(page)).toHaveCount(1);
  // The analyst signed in before the position: at least they are in it.
  expect(Number(await resultRows(page).first().locator('td').first().textContent())).toBeGreaterThan(0);
  // Its tables themselves stay closed to analysts, as the live ones are.
  await writeSql(page, `SELECT * FROM ${schema}.rm_user_access`);
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'permission denied' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const dropped = await request.post(`/api/staff/v1/projection-snapshots/${snapshotId}/drop`, {
    headers: staff,
    data: {},
  });
  expect(dropped.status()).toBe(200);
  await page.reload();
  await expect(page.getByText('analytics.learners', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(`${schema}.learners`)).toHaveCount(0);
});
