import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInAsDeveloper, uniquePerson } from './support/auth';
import { seriousViolations } from './support/axe';
import { grantRole } from './support/workspace';

/*
 * The frontend's coding questions (issue 25) on the content published at start: the list groups them by
 * category, the workspace shows the page's three files with a live preview, Run Tests runs the question's
 * mocha tests on the server (in Chromium, in the sandbox) and Submit records the judgement; a screenshot
 * question is compared with the reference rendering.
 */
const questionsDir = path.resolve(__dirname, '..', '..', 'content', 'frontend', 'questions');
const file = (slug: string, which: 'starter' | 'solution', name: string) =>
  readFileSync(path.join(questionsDir, slug, which, name), 'utf8');

/** Replaces the open file's text with `text` as one paste. */
async function pasteFile(page: Page, name: string, text: string) {
  await page.getByRole('tab', { name }).click();
  await page.locator('.frontend-workspace__editor .monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

test('frontend: a mocha question is run and submitted on the server; a screenshot question is compared', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto('/frontend/coding-questions');
  await expect(page.getByRole('heading', { level: 1, name: 'Coding questions' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('category');
  await page.getByRole('link', { name: 'Debounce' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Debounce' })).toBeVisible();
  await expect(page.locator('[data-editor-ready="true"]')).toBeAttached({ timeout: 20_000 });
  await expect(page.frameLocator('iframe[title^="Preview of your page"]').locator('body')).toBeAttached();

  await signInAsDeveloper(page, uniquePerson('frontend-learner'));
  await page.getByRole('button', { name: 'Run Tests' }).click();
  const results = page.locator('.solidity-results');
  await expect(results.locator('.solidity-results__status')).toContainText('tests passed', {
    timeout: 60_000,
  });
  await expect(results.locator('.solidity-result[data-passed="false"]').first()).toBeVisible();

  await pasteFile(page, 'script.js', file('debounce', 'solution', 'script.js'));
  await page.getByRole('button', { name: 'Run Tests' }).click();
  await expect(results.locator('.solidity-results__status')).toHaveText('All tests passed', {
    timeout: 60_000,
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(results.locator('.solidity-results__status')).toHaveText('All tests passed · submitted', {
    timeout: 60_000,
  });
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'tests/test-results/frontend-question-1280.png', fullPage: true });

  // The files are kept: a reload shows the learner's script.
  await page.waitForTimeout(1200);
  await page.reload();
  await page.getByRole('tab', { name: 'script.js' }).click();
  await expect(page.locator('.frontend-workspace__editor .view-lines')).not.toContainText('Your code here', {
    timeout: 20_000,
  });

  // A screenshot question: the reference's own files match its rendering.
  await page.goto('/frontend/coding-questions/centered-card');
  await expect(page.locator('[data-editor-ready="true"]')).toBeAttached({ timeout: 20_000 });
  // The live preview renders the learner's page in a sandboxed frame.
  await expect(
    page
      .frameLocator('iframe[title^="Preview of your page"]')
      .getByRole('heading', { name: 'Weekly digest' }),
  ).toBeVisible();
  for (const [tab, name] of [
    ['index.html', 'index.html'],
    ['styles.css', 'styles.css'],
  ] as const)
    await pasteFile(page, tab, file('centered-card', 'solution', name));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(results.locator('.solidity-results__status')).toContainText('matches the reference', {
    timeout: 60_000,
  });
  await expect(results.getByRole('img', { name: 'Your page as the judge rendered it' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'tests/test-results/frontend-screenshot-390.png', fullPage: true });
});

test("frontend: a crash-course lesson's examples run on the server, and the learner's edits are kept", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/frontend/javascript/values-types-and-equality');
  const example = page.getByRole('region', { name: 'Example 1' });
  await expect(example.getByRole('textbox')).toHaveValue(/typeof null/);
  await signInAsDeveloper(page, uniquePerson('example-runner'));
  await grantRole(page, page.request, 'frontendexpertv1');
  await page.reload();
  await example.getByRole('button', { name: 'Run' }).click();
  await expect(example.locator('.runnable-example__output')).toContainText('object', {
    timeout: 60_000,
  });
  await example.getByRole('textbox').fill("console.log('edited ' + (1 + 1));");
  await example.getByRole('textbox').press('ControlOrMeta+Enter');
  await expect(example.locator('.runnable-example__output')).toHaveText('edited 2', {
    timeout: 60_000,
  });
  expect(await seriousViolations(page)).toEqual([]);
  await page.waitForTimeout(1200);
  await page.reload();
  await expect(example.getByRole('textbox')).toHaveValue("console.log('edited ' + (1 + 1));");
  await example.getByRole('button', { name: 'Reset' }).click();
  await expect(example.getByRole('textbox')).toHaveValue(/typeof null/);

  // The lesson's page example renders in a sandboxed frame beside its code; an edit re-renders it, what
  // the page logs is listed under it, and the edit is kept too.
  const pageExample = page.getByRole('region', { name: 'Example 6' });
  await expect(pageExample).toContainText('HTML page');
  const frame = page.frameLocator('iframe[title="Example 6: the page it renders"]');
  await expect(frame.locator('#table tr')).toHaveCount(9);
  await expect(frame.locator('#table tr').nth(1)).toContainText('undefined');
  const edited =
    '<!DOCTYPE html><html lang="en"><head><title>Edited</title></head><body><p id="out">made here</p>' +
    "<script>document.getElementById('out').textContent += ' and changed'; console.log('logged', 1 + 1);</script></body></html>";
  await pageExample.getByRole('textbox').fill(edited);
  await expect(frame.locator('#out')).toHaveText('made here and changed');
  await expect(pageExample.getByRole('list', { name: 'Example 6: console' })).toContainText('logged 2');
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await pageExample.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'tests/test-results/frontend-page-example-390.png' });
  await page.waitForTimeout(1200);
  await page.reload();
  await expect(pageExample.getByRole('textbox')).toHaveValue(edited);
  await expect(frame.locator('#out')).toHaveText('made here and changed');
  await pageExample.getByRole('button', { name: 'Reset' }).click();
  await expect(frame.locator('#table tr')).toHaveCount(9);
});
