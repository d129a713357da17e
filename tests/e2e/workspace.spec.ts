import { expect, test } from '@playwright/test';
import { signInAsDeveloper, signInDialog, uniquePerson } from './support/auth';
import {
  SLUG,
  editorText,
  fileOf,
  grantAlgoExpert,
  openWorkspace,
  TYPED_SOLUTION,
  typeLines,
  typeSolution,
} from './support/workspace';

/*
 * The coding workspace (issue 7, spec 2, 4, 5) on the content the platform published at start: a learner
 * types a solution into Monaco, runs it, submits it and sees the indicator and progress move without a
 * reload; the vim keymap; panes, hints, copy, next question and the not-found page. The workspace's other
 * options are in workspace-options.spec.ts.
 */

test('a learner types a solution into Monaco, runs it, submits it, and the indicator and progress change without a reload', async ({
  page,
  request,
}) => {
  await page.goto('/questions');
  await signInAsDeveloper(page, uniquePerson('workspace'));
  await grantAlgoExpert(page, request);

  await openWorkspace(page, SLUG);
  await expect(page.getByTestId('submission-indicator')).toHaveText('Question Not Submitted');
  // The starter code is there before the learner types.
  await expect.poll(() => editorText(page)).toContain('orderedSquares');

  await typeSolution(page);
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();

  // Ctrl + ' runs the code against the visible tests.
  await page.keyboard.press("Control+'");
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.getByRole('heading', { name: 'All Tests Passed' })).toBeVisible({ timeout: 30_000 });
  await expect(results.getByText(/^\d+ of \d+ tests passed\.$/)).toBeVisible();

  // A quick test on one input is compared with the reference solution's answer.
  await results.getByText('Quick Test', { exact: true }).click();
  const quickInput = results.getByLabel('Input (JSON, keyed by parameter name)');
  await quickInput.fill('{ "values": [-3, -1, 2] }');
  await results.getByRole('button', { name: 'Run Quick Test' }).click();
  await expect(results.getByRole('heading', { name: 'Quick Test Passed' })).toBeVisible({ timeout: 30_000 });
  await quickInput.fill('{ "values": [-3, ');
  await results.getByRole('button', { name: 'Run Quick Test' }).click();
  await expect(results.getByText('Invalid Quick Test Input')).toBeVisible();

  // A double-clicked Submit sends one submission.
  const submissions: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/api/problems/v1/algoexpert/submissions/create')) submissions.push(sent.url());
  });
  // A marker that a full page load would wipe: the list below must update without one.
  await page.evaluate(() => ((window as unknown as { e2eNoReload: boolean }).e2eNoReload = true));
  await page.getByRole('button', { name: 'Submit Code' }).dblclick();
  await expect(results.getByText('Submission recorded: All Tests Passed', { exact: false })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('submission-indicator')).toHaveText('All Tests Passed');
  expect(submissions).toHaveLength(1);

  await page.getByRole('link', { name: 'Questions', exact: true }).click();
  const row = page.locator(`li[data-question="${SLUG}"]`);
  await expect(row.getByRole('img', { name: 'All Tests Passed' })).toBeVisible();
  await expect(page.getByText('You have solved 1.', { exact: false })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(true);

  // The code was saved per question and language: a reload brings it back.
  await openWorkspace(page, SLUG);
  await expect.poll(() => editorText(page)).toContain('values.map((v) => v * v)');
});

test('the vim keymap: normal-mode commands edit, insert mode types, and the choice is kept', async ({
  page,
  request,
}) => {
  await page.goto('/questions');
  await signInAsDeveloper(page, uniquePerson('workspace-vim'));
  await grantAlgoExpert(page, request);
  await openWorkspace(page, SLUG);

  await page.getByText('Settings', { exact: true }).click();
  await page.getByLabel('Keymap').selectOption('vim');
  await expect(page.locator('[data-editor-ready="true"]')).toHaveAttribute('data-keymap', 'vim');
  await page.getByText('Settings', { exact: true }).click();

  await page.locator('.workspace__editor .monaco-editor .view-lines').click();
  await page.keyboard.press('Escape');
  // gg then dG: delete from the first line to the last.
  await page.keyboard.type('ggdG');
  await expect.poll(() => editorText(page)).not.toContain('orderedSquares');
  await page.keyboard.type('i');
  await expect(page.locator('.workspace__editor').getByText('-- INSERT --')).toBeVisible();
  await typeLines(page, TYPED_SOLUTION);
  await page.keyboard.press('Escape');
  await expect(page.locator('.workspace__editor').getByText('-- INSERT --')).toHaveCount(0);

  await page.keyboard.press("Control+'");
  await expect(
    page.getByRole('region', { name: 'Results' }).getByRole('heading', { name: 'All Tests Passed' }),
  ).toBeVisible({ timeout: 30_000 });

  // The keymap is a workspace option saved in the learner's data.
  await expect
    .poll(async () => {
      await openWorkspace(page, SLUG);
      return page.locator('[data-editor-ready="true"]').getAttribute('data-keymap');
    })
    .toBe('vim');
});

test('panes, layouts, hints one at a time, copy, next question, and a visitor asked to log in to run', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openWorkspace(page, SLUG);
  const question = fileOf(SLUG);

  // Hints, one at a time.
  await page.getByRole('button', { name: 'Show Hint 1' }).click();
  await expect(page.getByRole('heading', { name: 'Hint 1' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hint 2' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Show Hint 2' })).toBeVisible();
  for (let n = 2; n <= question.hints.length; n++)
    await page.getByRole('button', { name: `Show Hint ${n}` }).click();
  await expect(page.getByRole('button', { name: /^Show Hint/ })).toHaveCount(0);

  // Panes: the only open pane cannot be closed; the halves share the column.
  const panes = page.getByRole('group', { name: 'Panes' });
  await panes.getByRole('button', { name: 'Scratchpad' }).click();
  await expect(panes.getByRole('button', { name: 'Scratchpad' })).toHaveAttribute('aria-pressed', 'false');
  await expect(panes.getByRole('button', { name: 'Prompt' })).toBeDisabled();
  await panes.getByRole('button', { name: 'Walkthrough', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Walkthrough', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Show Walkthrough' }).click();
  await expect(page.getByRole('region', { name: 'Reference solution' })).toBeVisible();

  // Layouts.
  await page.getByText('Settings', { exact: true }).click();
  for (const layout of ['layout2', 'layout3', 'layout4', 'layout5', 'layout1']) {
    await page.getByLabel('Layout').selectOption(layout);
    await expect(page.locator('.workspace')).toHaveAttribute('data-layout', layout);
  }
  await page.getByLabel('Theme').selectOption('light');
  await expect(page.locator('.workspace')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByLabel('Editor colours')).toHaveValue('eclipse');
  await page.getByText('Settings', { exact: true }).click();

  // Copy.
  await page
    .getByRole('region', { name: 'Your solution' })
    .getByRole('button', { name: 'Copy', exact: true })
    .click();
  await expect(page.getByText('Copied to clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('orderedSquares');

  // A visitor who runs code is asked to log in.
  await page.getByRole('button', { name: 'Run Code' }).click();
  await expect(signInDialog(page)).toBeVisible();
  await expect(signInDialog(page)).toContainText('Log in to run your code.');
  await page.keyboard.press('Escape');

  // Next question: the next free one in difficulty order.
  await page.getByRole('button', { name: 'Next Question' }).click();
  await expect(page).toHaveURL(/\/questions\/[a-z-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(question.name);
});

test('a question that does not exist shows the not-found text and the way back to the lessons', async ({
  page,
}) => {
  await page.goto('/questions/no-such-question');
  await expect(
    page.getByText(
      "This question doesn't exist. Make sure you have the correct url, or click the button below to return to the lessons page.",
    ),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back To Lessons' }).click();
  await expect(page).toHaveURL(/\/questions$/);
});

test('a locked question tells a visitor what it is part of and how to get it', async ({ page }) => {
  const locked = 'add-digit-lists';
  expect(fileOf(locked).free).not.toBe(true);
  await page.goto(`/questions/${locked}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This question is part of AlgoExpert' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get AlgoExpert' })).toHaveAttribute('href', '/purchase');
});

test("an editor worker that cannot load is reported once as a window error, never thrown from the editor's timers", async ({
  page,
}) => {
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(error.message));
  // Offline before the language worker's script arrived: its load fails with an error event.
  await page.route(/\/assets\/ts\.worker-[\w-]+\.js$/, (route) => route.abort());
  const reported = page.waitForRequest(
    (request) =>
      request.url().endsWith('/api/events/v1/event') &&
      (request.postDataJSON() as { type?: string; body?: { message?: string } }).body?.message ===
        "The code editor met a 'error' event from one of its workers",
  );
  await openWorkspace(page, SLUG);
  const event = (await reported).postDataJSON() as { type: string; body: { path: string } };
  expect(event.type).toBe('UI runtime error');
  expect(event.body.path).toBe(`/questions/${SLUG}`);
  // The editor still takes text.
  await page.locator('.workspace__editor .monaco-editor .view-lines').click();
  await page.keyboard.type('// still typing');
  await expect.poll(() => editorText(page)).toContain('// still typing');
  expect(uncaught).toEqual([]);
});
