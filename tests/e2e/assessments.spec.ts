import { expect, test } from '@playwright/test';
import { signInAsDeveloper, uniquePerson } from './support/auth';
import { seriousViolations } from './support/axe';
import { SLUG, fileOf, grantAlgoExpert, typeSolution } from './support/workspace';

/*
 * Issue 22's assessments in the browser: an AlgoExpert owner picks a question on /assessments (with the
 * keyboard), solves it in the timed workspace under a countdown, submits a correct JavaScript solution
 * and finds the judged result on the page and in the history. Axe-clean, usable at 390 px; a question
 * that does not exist shows the spec's not-found text with 'Back To Index'.
 */

const NAME = fileOf(SLUG).name;

test('an owner starts an assessment, submits a correct solution and sees the result in the history', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/assessments');
  await expect(page.getByRole('heading', { level: 1, name: 'Assessments' })).toBeVisible();
  await signInAsDeveloper(page, uniquePerson('assessed'));
  await grantAlgoExpert(page, request);
  await page.reload();

  const easy = page.getByRole('region', { name: 'Easy' });
  const start = easy.getByRole('button', { name: `Start the ${NAME} assessment (30 min)` });
  await expect(start).toBeEnabled();
  await expect(page.getByText('No assessments yet')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('assessments-1280.png'), fullPage: true });

  // Started from the keyboard.
  await start.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/assessments/${SLUG}$`));
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  const assessmentBar = page.getByRole('group', { name: 'Assessment' });
  await expect(assessmentBar.getByTestId('assessment-countdown')).toHaveText(/(30:00|29:\d\d)$/);
  // No walkthrough, video or reference solutions during an assessment.
  const panes = page.getByRole('group', { name: 'Panes' });
  await expect(panes.getByRole('button')).toHaveText(['Prompt', 'Scratchpad']);
  await expect(page.getByText('Submit Code judges every test and ends the assessment')).toBeVisible();
  await expect(page.locator('[data-editor-ready="true"]')).toBeAttached({ timeout: 20_000 });
  expect(await seriousViolations(page, '.workspace__bar')).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('assessment-workspace-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(assessmentBar.getByRole('button', { name: 'Abandon' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('assessment-workspace-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  await typeSolution(page);
  await page.getByRole('button', { name: 'Submit Code' }).click();
  const result = page.getByRole('region', { name: 'Latest result: Submitted' });
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(result).toContainText(/All Tests Passed · (\d+)\/\1 tests/);
  await page.screenshot({ path: testInfo.outputPath('assessment-result-1280.png') });

  await result.getByRole('link', { name: 'See your history' }).click();
  await expect(page).toHaveURL(/\/assessments$/);
  const row = page.getByRole('row').filter({ hasText: NAME });
  await expect(row).toContainText('Submitted');
  await expect(row).toContainText('All Tests Passed');
  await expect(easy.getByText('Best: all tests passed')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('assessments-390.png'), fullPage: true });
});

test("a question that does not exist shows the not-found text and 'Back To Index'", async ({
  page,
  request,
}) => {
  await page.goto('/assessments');
  await signInAsDeveloper(page, uniquePerson('lost'));
  await grantAlgoExpert(page, request);
  await page.goto('/assessments/no-such-question');
  await expect(page.getByText("This question doesn't exist.")).toBeVisible();
  await page.getByRole('link', { name: 'Back To Index' }).click();
  await expect(page).toHaveURL(/\/assessments$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Assessments' })).toBeVisible();
});
