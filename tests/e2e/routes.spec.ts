import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { errorScreenTexts } from '@app/contracts';
import { redirectSamples, routeSamples } from './support/routes';

/** Fails the test on any uncaught page error or console error (a crash the error screen may hide). */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test.describe('every route of spec 2', () => {
  for (const sample of routeSamples) {
    test(`${sample.path} renders its page`, async ({ page }) => {
      const errors = collectPageErrors(page);
      await page.goto(sample.path);
      await expect(
        page.getByRole('main').getByRole('heading', { level: 1, name: sample.heading }),
      ).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(sample.path);
      await expect(page.getByText(errorScreenTexts.heading)).toHaveCount(0);
      await expect(
        page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }),
      ).toBeVisible();
      expect(errors).toEqual([]);
    });
  }

  test('each route is loaded on demand: a client-side visit fetches the page module only then', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/team');
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    expect(scripts.some((path) => /\/assets\/purchase-[\w-]+\.js$/.test(path))).toBe(false);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Purchase' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Purchase' })).toBeVisible();
    expect(scripts.some((path) => /\/assets\/purchase-[\w-]+\.js$/.test(path))).toBe(true);
  });

  test("Monaco's code is in no first page and loads only when a workspace opens", async ({ page }) => {
    // The build's own account: every chunk made from monaco-editor, found through the source maps.
    const repoRoot = path.resolve(__dirname, '..', '..');
    const weights = JSON.parse(
      execFileSync('node', [path.join(repoRoot, 'web', 'scripts', 'first-page-weight.mjs')], {
        encoding: 'utf8',
      }),
    ) as { monacoChunks: { file: string }[]; monacoRoutes: string[]; monacoFirstPageRoutes: string[] };
    expect(weights.monacoChunks.length).toBeGreaterThan(0);
    expect(weights.monacoFirstPageRoutes).toEqual([]);
    // The coding workspace (algorithms, ML and infrastructure coding questions, timed assessments), the
    // Solidity and frontend workspaces and the analysts' SQL editor (/analytics) are the routes with an editor.
    expect(weights.monacoRoutes.sort()).toEqual([
      '/analytics',
      '/assessments/:questionId',
      '/blockchain/coding-questions/:questionId',
      '/blockchain/projects/:projectId',
      '/frontend/coding-questions/:questionId',
      '/infrastructure/coding-questions/:questionId',
      '/machine-learning/coding-questions/:questionId',
      '/questions/:questionId',
    ]);

    // And in the browser: the question list and other pages fetch none of those chunks; the workspace does.
    const monacoFiles = new Set(weights.monacoChunks.map((chunk) => `/${chunk.file}`));
    const fetched: string[] = [];
    page.on('request', (request) => {
      const pathname = new URL(request.url()).pathname;
      if (monacoFiles.has(pathname)) fetched.push(pathname);
    });
    await page.goto('/questions');
    await expect(page.getByText(/^Showing \d+ of/)).toBeVisible();
    await page.goto('/product');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    expect(fetched).toEqual([]);
    await page.goto('/questions/ordered-squares');
    await expect(page.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 20_000 });
    expect(fetched.length).toBeGreaterThan(0);
  });
});

test.describe('redirects (spec 2) replace the history entry', () => {
  for (const sample of redirectSamples) {
    test(`${sample.from} goes to ${sample.to}`, async ({ page }) => {
      await page.goto('/team');
      await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
      await page.goto(sample.from);
      await expect(page).toHaveURL((url) => url.pathname === sample.to);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      // Replaced, not pushed: one step back is the page before, not the redirecting address.
      await page.goBack();
      await expect(page).toHaveURL((url) => url.pathname === '/team');
    });
  }
});
