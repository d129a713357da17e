import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { signInAsDeveloper, uniquePerson } from './support/auth';
import { SLUG, fileOf, openWorkspace } from './support/workspace';

/*
 * Issue 16, the workspace as a newcomer met it: the Settings popover closes on Escape and on a press
 * outside; a long title no longer pushes "Next Question" to a second row at 1280 px; on a phone (390 px)
 * one part shows at a time, chosen by tabs, and nothing runs off screen (both compared with committed
 * screenshots); the quick test says where its JSON input goes wrong.
 */

/** A free question (visitors open it) with one of the longest titles. */
const LONG_TITLE_SLUG = 'palindrome-past-punctuation';

const settingsButton = (page: Page) => page.getByRole('button', { name: 'Settings', exact: true });

test('the Settings popover closes on Escape (focus back on Settings) and on a press outside', async ({
  page,
}) => {
  await openWorkspace(page, SLUG);
  const keymap = page.getByLabel('Keymap');

  await settingsButton(page).click();
  await expect(keymap).toBeVisible();
  await keymap.focus();
  await page.keyboard.press('Escape');
  await expect(keymap).toBeHidden();
  await expect(settingsButton(page)).toBeFocused();

  // Opened from the keyboard, closed from the keyboard.
  await page.keyboard.press('Enter');
  await expect(keymap).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(keymap).toBeHidden();

  await settingsButton(page).click();
  await expect(keymap).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Workspace settings' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // A press inside leaves it open.
  await page.getByLabel('Font size').getByText('Font size').click();
  await expect(keymap).toBeVisible();
  await page.getByRole('heading', { level: 1, name: fileOf(SLUG).name }).click();
  await expect(keymap).toBeHidden();
});

test('the quick test says where its JSON input goes wrong and what was expected', async ({ page }) => {
  await page.goto('/questions');
  await signInAsDeveloper(page, uniquePerson('quick-test-json'));
  await openWorkspace(page, SLUG);
  const results = page.getByRole('region', { name: 'Results' });
  await results.getByText('Quick Test', { exact: true }).click();
  const input = results.getByLabel('Input (JSON, keyed by parameter name)');
  const run = results.getByRole('button', { name: 'Run Quick Test' });

  await input.fill('{ "values": [-3, -1 2] }');
  await run.click();
  await expect(results.getByRole('heading', { name: 'Invalid Input' })).toBeVisible();
  await expect(results.getByText(/^Invalid Quick Test Input\./)).toHaveText(
    "Invalid Quick Test Input. Line 1, column 21 (in values[1]): expected a comma or the closing ']'.",
  );

  await input.fill('{\n  values: [1, 2]\n}');
  await run.click();
  await expect(results.getByText(/^Invalid Quick Test Input\./)).toHaveText(
    'Invalid Quick Test Input. Line 2, column 3: expected a key in double quotes, such as "array".',
  );

  await input.fill('{ "values": [1, 2], "extra": tru }');
  await run.click();
  await expect(results.getByText(/^Invalid Quick Test Input\./)).toContainText(
    'Line 1, column 30 (in extra): expected a value',
  );
});

/** Parts that change from run to run: the editor's blinking cursor, announcements above the header. */
const volatile = (page: Page) => [
  page.locator('.monaco-editor .cursors-layer'),
  page.locator('.announcement'),
];

async function openForScreenshot(page: Page, slug: string) {
  await page.goto(`/questions/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: fileOf(slug).name })).toBeVisible();
  // On a phone the editor is mounted behind the Code tab: ready, not visible.
  await expect(page.locator('[data-editor-ready="true"]')).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Next Question' })).toBeVisible();
  // Web fonts and the editor's first paint are settled before comparing.
  await page.evaluate(() => document.fonts.ready);
}

test('at 1280 px a long title gives way: the bar stays on one row with Next Question', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openForScreenshot(page, LONG_TITLE_SLUG);
  const title = page.getByRole('heading', { level: 1, name: fileOf(LONG_TITLE_SLUG).name });
  const next = page.getByRole('button', { name: 'Next Question' });
  const titleBox = (await title.boundingBox())!;
  const nextBox = (await next.boundingBox())!;
  // One row: the button's middle is level with the title's.
  expect(Math.abs(nextBox.y + nextBox.height / 2 - (titleBox.y + titleBox.height / 2))).toBeLessThan(8);
  expect(nextBox.x + nextBox.width).toBeLessThanOrEqual(1280);
  // The phone tabs are not there on a wide screen: every part shows.
  await expect(page.getByRole('tablist', { name: 'Workspace parts' })).toBeHidden();
  await expect(page.getByRole('region', { name: 'Your solution' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Results' })).toBeVisible();
  await expect(page).toHaveScreenshot('workspace-1280.png', {
    mask: volatile(page),
    maxDiffPixelRatio: 0.01,
  });
});

test('at 390 px the workspace shows one part at a time, chosen by tabs, and nothing runs off screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openForScreenshot(page, LONG_TITLE_SLUG);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  // Every control of the bar is on screen.
  for (const control of await page.locator('.workspace__bar').getByRole('button').all()) {
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }

  const tabs = page.getByRole('tablist', { name: 'Workspace parts' });
  const question = page.getByRole('region', { name: 'Question panes' });
  const code = page.getByRole('region', { name: 'Your solution' });
  const results = page.getByRole('region', { name: 'Results' });
  await expect(tabs.getByRole('tab')).toHaveText(['Question', 'Code', 'Results']);
  await expect(tabs.getByRole('tab', { name: 'Question' })).toHaveAttribute('aria-selected', 'true');
  await expect(question).toBeVisible();
  await expect(code).toBeHidden();
  await expect(results).toBeHidden();
  // The question's panes are one row of tabs: the prompt has the screen, the scratchpad is a tab away.
  const paneTabs = question.getByRole('tablist', { name: 'Panes' });
  const scratchpad = question.getByRole('textbox', { name: 'Scratchpad' });
  const prompt = question.getByRole('tabpanel', { name: 'Prompt' });
  await expect(paneTabs.getByRole('tab')).toHaveText(['Prompt', 'Scratchpad']);
  await expect(paneTabs.getByRole('tab', { name: 'Prompt' })).toHaveAttribute('aria-selected', 'true');
  await expect(prompt).toBeVisible();
  await expect(scratchpad).toBeHidden();
  const promptBox = (await prompt.boundingBox())!;
  expect(promptBox.y + promptBox.height).toBeGreaterThan(800);
  await expect(page).toHaveScreenshot('workspace-390-question.png', {
    mask: volatile(page),
    maxDiffPixelRatio: 0.01,
  });
  expect(await seriousViolations(page)).toEqual([]);
  await paneTabs.getByRole('tab', { name: 'Scratchpad' }).click();
  await expect(scratchpad).toBeVisible();
  await expect(prompt).toBeHidden();
  const scratchpadBox = (await scratchpad.boundingBox())!;
  expect(scratchpadBox.height).toBeGreaterThan(250);
  await paneTabs.getByRole('tab', { name: 'Prompt' }).click();
  await expect(prompt).toBeVisible();
  await expect(scratchpad).toBeHidden();

  // The editor fills the screen under the tabs, not below a full-height scratchpad.
  await tabs.getByRole('tab', { name: 'Code' }).click();
  await expect(question).toBeHidden();
  await expect(code).toBeVisible();
  const editor = page.locator('.workspace__editor');
  const editorBox = (await editor.boundingBox())!;
  expect(editorBox.y + editorBox.height).toBeLessThanOrEqual(844);
  expect(editorBox.height).toBeGreaterThan(250);
  await expect(page.getByRole('button', { name: 'Run Code' })).toBeInViewport();
  await expect(page).toHaveScreenshot('workspace-390-code.png', {
    mask: volatile(page),
    maxDiffPixelRatio: 0.01,
  });

  // Arrow keys move between the tabs.
  await tabs.getByRole('tab', { name: 'Code' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Results' })).toBeFocused();
  await expect(results).toBeVisible();
  await expect(code).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
});

test("at 390 px Run Code, Ctrl+' in the editor and Ctrl+' elsewhere all bring up the Results tab", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/questions');
  await signInAsDeveloper(page, uniquePerson('workspace-phone-run'));
  await openWorkspace(page, SLUG);
  const tabs = page.getByRole('tablist', { name: 'Workspace parts' });
  const resultsTab = tabs.getByRole('tab', { name: 'Results' });
  const results = page.getByRole('region', { name: 'Results' });
  const outcome = results.getByRole('heading', { level: 3 });
  const code = page.getByRole('region', { name: 'Your solution' });

  // The button under the editor.
  await tabs.getByRole('tab', { name: 'Code' }).click();
  await code.getByRole('button', { name: 'Run Code' }).click();
  await expect(resultsTab).toHaveAttribute('aria-selected', 'true');
  await expect(results).toBeVisible();
  await expect(code).toBeHidden();
  await expect(outcome).toBeVisible({ timeout: 30_000 });

  // The shortcut typed in the editor.
  await tabs.getByRole('tab', { name: 'Code' }).click();
  await page.locator('.workspace__editor .monaco-editor .view-lines').click();
  await expect(results).toBeHidden();
  await page.keyboard.press("Control+'");
  await expect(resultsTab).toHaveAttribute('aria-selected', 'true');
  await expect(results).toBeVisible();
  await expect(outcome).toBeVisible({ timeout: 30_000 });

  // The shortcut anywhere else: here from the Question tab.
  await tabs.getByRole('tab', { name: 'Question' }).click();
  await expect(results).toBeHidden();
  await page.keyboard.press("Control+'");
  await expect(resultsTab).toHaveAttribute('aria-selected', 'true');
  await expect(results).toBeVisible();
  await expect(outcome).toBeVisible({ timeout: 30_000 });
});
