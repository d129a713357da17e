import { expect, test } from '@playwright/test';
import { signInAsDeveloper, uniquePerson } from './support/auth';
import { seriousViolations } from './support/axe';
import { editorText, grantRole, typeSolution } from './support/workspace';

/*
 * MLExpert's coding questions (issue 22): the list at /machine-learning/coding-questions and the coding
 * workspace over the mlexpert product. An owner types a numpy solution in Python, the one language these
 * questions offer, submits it, and sees it accepted, hidden tests included, judged in the sandbox.
 */

const SLUG = 'k-means-assignment';
const SOLUTION = [
  'import numpy as np',
  'def assignClusters(points, centroids): P = np.asarray(points, dtype=float); C = np.asarray(centroids, dtype=float); return ((P[:, None, :] - C[None, :, :]) ** 2).sum(axis=2).argmin(axis=1)',
];

test('an MLExpert owner solves an ML coding question in Python with numpy and sees it accepted', async ({
  page,
  request,
}) => {
  await page.goto('/machine-learning/coding-questions');
  await signInAsDeveloper(page, uniquePerson('ml-coding'));
  await grantRole(page, request, 'mlexpertv1');
  await page.reload();

  const row = page.locator(`li[data-question="${SLUG}"]`);
  await expect(page.getByRole('heading', { level: 1, name: 'Coding questions' })).toBeVisible();
  await expect(row.getByRole('link', { name: 'K-Means Assignment Step' })).toBeVisible();
  await expect(page.locator('li[data-question]')).toHaveCount(15);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('ml-coding-list-1280.png') });

  await row.getByRole('link', { name: 'K-Means Assignment Step' }).click();
  await expect(page).toHaveURL(new RegExp(`/machine-learning/coding-questions/${SLUG}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'K-Means Assignment Step' })).toBeVisible();
  await expect(page.locator('[data-editor-ready="true"]')).toBeAttached({ timeout: 20_000 });
  // Python's starter, and Python the only language offered.
  await expect.poll(() => editorText(page)).toContain('def assignClusters(points, centroids):');
  const picker = page.getByRole('combobox', { name: 'Language' });
  await expect(picker).toHaveValue('python');
  await expect(picker.locator('option')).toHaveCount(1);
  await expect(picker.locator('option')).toContainText('Python');

  await typeSolution(page, SOLUTION);
  await expect.poll(() => editorText(page)).toContain('argmin(axis=1)');
  const results = page.getByRole('region', { name: 'Results' });
  const submitted = page.waitForRequest((sent) =>
    sent.url().endsWith('/api/problems/v1/mlexpert/submissions/create'),
  );
  await page.getByRole('button', { name: 'Submit Code' }).click();
  await submitted;
  await expect(results.getByText('Submission recorded: All Tests Passed', { exact: false })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('submission-indicator')).toHaveText('All Tests Passed');
  await page.screenshot({ path: test.info().outputPath('ml-coding-workspace-1280.png') });

  // The list shows the question solved.
  await page.goto('/machine-learning/coding-questions');
  await expect(row.getByRole('img', { name: 'All Tests Passed' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row.getByRole('link', { name: 'K-Means Assignment Step' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('ml-coding-list-390.png') });
});
