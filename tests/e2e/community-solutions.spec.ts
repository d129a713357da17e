import { expect, test, type Page } from '@playwright/test';
import { signInAsDeveloper, uniquePerson } from './support/auth';
import { seriousViolations } from './support/axe';
import { SLUG, grantAlgoExpert, openWorkspace, typeSolution } from './support/workspace';

/*
 * Issue 23 in the browser: two learners in two browsers. The first solves the question, then shares
 * the solution (with hostile Markdown in its explanation); the second, in the Solutions tab, votes on
 * it, reads it in a read-only editor and comments; the first sees the comment and the vote appear
 * without reloading the page (RTK Query asks again). Axe-clean, and usable at 390 px.
 */

/** Unique per run: the e2e data folder keeps what earlier runs shared. */
const TITLE = `Square, then sort ${Date.now().toString(36)}`;

const HOSTILE = [
  'Walk the values once.',
  '',
  '<img src="x" alt="broken" onerror="window.__community_xss = 1">',
  '<script>window.__community_xss = 2</script>',
  '[a link](javascript:window.__community_xss=3)',
].join('\n');

async function openSolutionsTab(page: Page) {
  await page
    .getByRole('group', { name: 'Panes' })
    .getByRole('button', { name: 'Solutions', exact: true })
    .click();
  return page.getByRole('tabpanel', { name: 'Solutions' });
}

test('one learner shares a solution, another votes and comments, the first sees both without a reload', async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/questions');
  await signInAsDeveloper(page, uniquePerson('sharer'));
  await grantAlgoExpert(page, request);
  await openWorkspace(page, SLUG);
  await typeSolution(page);
  await page.getByRole('button', { name: 'Submit Code' }).click();
  await expect(page.getByTestId('submission-indicator')).toHaveText('All Tests Passed', { timeout: 30_000 });

  const pane = await openSolutionsTab(page);
  await pane.getByRole('button', { name: 'Share your solution' }).click();
  const form = pane.getByRole('form', { name: 'Share your solution' });
  await form.getByLabel('Title').fill(TITLE);
  await form.getByLabel('Explanation (Markdown)').fill(HOSTILE);
  await form.getByRole('button', { name: 'Share', exact: true }).click();
  const sharedRow = pane.getByRole('listitem').filter({ hasText: TITLE });
  await expect(sharedRow).toBeVisible();
  await expect(sharedRow.getByText('0', { exact: true })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { e2eNoReload: boolean }).e2eNoReload = true));

  // The second learner, in another browser.
  const otherContext = await browser.newContext({ baseURL });
  const other = await otherContext.newPage();
  await other.setViewportSize({ width: 1280, height: 900 });
  await other.goto('/questions');
  await signInAsDeveloper(other, uniquePerson('voter'));
  await grantAlgoExpert(other, request);
  await openWorkspace(other, SLUG);
  const otherPane = await openSolutionsTab(other);
  const row = otherPane.getByRole('listitem').filter({ hasText: TITLE });
  await row.getByRole('button', { name: `Upvote ${TITLE}` }).click();
  await expect(row.getByRole('button', { name: `Upvote ${TITLE}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(row.getByText('1', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: TITLE, exact: true }).click();
  const detail = otherPane.getByRole('region', { name: `Solution: ${TITLE}` });
  await expect(detail.getByText('Walk the values once.')).toBeVisible();
  await expect.poll(() => detail.locator('.view-lines').innerText()).toContain('orderedSquares');
  // The hostile Markdown ran nothing and left no handler or script behind.
  expect(
    await other.evaluate(() => (window as unknown as { __community_xss?: number }).__community_xss),
  ).toBeUndefined();
  await expect(detail.locator('script, [onerror], a[href^="javascript:"]')).toHaveCount(0);

  await detail.getByPlaceholder('Add a comment').fill('Nice: the sort dominates, **O(n log n)**.');
  await detail.getByRole('button', { name: 'Post comment' }).click();
  await expect(detail.getByRole('listitem').filter({ hasText: 'Nice: the sort dominates' })).toBeVisible();
  expect(await seriousViolations(other, '.solutions-pane')).toEqual([]);

  // Back to the first learner: the vote and the comment arrive without a reload.
  await expect(sharedRow.getByText('1', { exact: true })).toBeVisible({ timeout: 15_000 });
  await sharedRow.getByRole('button', { name: TITLE, exact: true }).click();
  const mine = pane.getByRole('region', { name: `Solution: ${TITLE}` });
  const comment = mine.getByRole('listitem').filter({ hasText: 'Nice: the sort dominates' });
  await expect(comment).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(true);

  // The first learner replies; the second sees the reply under "show" replies.
  await comment.getByRole('button', { name: 'Reply' }).click();
  await comment.getByPlaceholder('Reply').fill('Thanks! Counting sort would beat it for small ranges.');
  await comment.getByRole('button', { name: 'Post reply' }).click();
  await expect(comment.getByText('Thanks! Counting sort')).toBeVisible();
  const otherComment = detail.getByRole('listitem').filter({ hasText: 'Nice: the sort dominates' });
  await otherComment.getByRole('button', { name: 'Show 1 reply' }).click({ timeout: 15_000 });
  await expect(otherComment.getByText('Thanks! Counting sort')).toBeVisible();

  expect(await seriousViolations(page, '.solutions-pane')).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('solutions-1280.png') });

  // At 390 px the tab still works: the list fits the screen's width.
  await other.setViewportSize({ width: 390, height: 844 });
  await other.reload();
  await expect(other.locator('[data-editor-ready="true"]')).toBeAttached({ timeout: 20_000 });
  const phonePane = await openSolutionsTab(other);
  const phoneRow = phonePane.getByRole('listitem').filter({ hasText: TITLE });
  await expect(phoneRow).toBeVisible();
  const box = (await phoneRow.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await seriousViolations(other, '.solutions-pane')).toEqual([]);
  await other.screenshot({ path: testInfo.outputPath('solutions-390.png') });
  await otherContext.close();
});

test('signed out, the tab lists the solutions and asks to log in to share and to vote', async ({ page }) => {
  await page.goto(`/questions/${SLUG}`);
  const pane = await openSolutionsTab(page);
  await expect(pane.getByText('Log in to share your solution.')).toBeVisible();
  await expect(pane.getByRole('list', { name: 'Shared solutions' })).toBeAttached();
});
