import { expect, test } from '@playwright/test';
import { routeSamples } from './support/routes';
import { seriousViolations } from './support/axe';

/*
 * An automated accessibility check (axe, WCAG 2.x A and AA rules) on every route of spec 2: no serious
 * or critical violation. Also the open navigation drawer and sign-in dialog, which the page scan misses.
 */

test.describe('accessibility (axe)', () => {
  for (const sample of routeSamples) {
    test(`${sample.path} has no serious violation`, async ({ page }) => {
      await page.goto(sample.path);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      // /login opens the sign-in dialog (its own lazily loaded code) over the page: scan both.
      if (sample.path === '/login') await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
      // The workspace's editor is loaded after the page: scan it once it is there.
      if (sample.path.startsWith('/questions/'))
        await expect(page.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 20_000 });
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('the open navigation drawer has no serious violation', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/product');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await drawer.getByRole('button', { name: 'Products' }).click();
    await expect(drawer.getByRole('link', { name: 'SystemsExpert' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the open sign-in dialog has no serious violation', async ({ page }) => {
    await page.goto('/product');
    await page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
