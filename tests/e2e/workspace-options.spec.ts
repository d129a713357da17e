import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInAsDeveloper, uniquePerson } from './support/auth';
import { SLUG, editorText, fileOf, grantAlgoExpert, openWorkspace, typeSolution } from './support/workspace';

/*
 * The coding workspace's options and saved data (spec 2, 3, 5), each as a learner sees it: submitting with
 * the keyboard moves the certificate progress without a reload; the emacs keymap, font zoom, whiteboard
 * mode, fresh practice, the personal note, solution slots and themes, each kept across a reload.
 */

/** A new learner who owns AlgoExpert, signed in on the question list. */
async function signInOwner(page: Page, request: APIRequestContext, label: string) {
  await page.goto('/questions');
  await signInAsDeveloper(page, uniquePerson(label));
  await grantAlgoExpert(page, request);
}

const USER_DATA_SET = '/api/problems/v1/algoexpert/user-data/set';

/**
 * Resolves once a save of the learner's data that carries `text` has been answered, and the workspace
 * says so. Start it before the change: the autosave waits for typing to pause.
 */
function savedWith(page: Page, text: string) {
  const answered = page.waitForResponse(
    (response) =>
      response.url().endsWith(USER_DATA_SET) &&
      response.request().method() === 'POST' &&
      (response.request().postData() ?? '').includes(text),
  );
  return async () => {
    expect((await answered).status()).toBe(200);
    await expect(page.locator('.code-bar__save')).toHaveText('All changes saved');
  };
}

/** Resolves once the workspace options carrying `fragment` (e.g. `"keymap":"emacs"`) are saved. */
function optionsSaved(page: Page, fragment: string) {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith(USER_DATA_SET) &&
      (response.request().postData() ?? '').includes('workspaceOptions') &&
      (response.request().postData() ?? '').includes(fragment),
  );
}

const settingsButton = (page: Page) => page.getByRole('button', { name: 'Settings', exact: true });

async function openSettings(page: Page) {
  if ((await settingsButton(page).getAttribute('aria-expanded')) !== 'true')
    await settingsButton(page).click();
  await expect(page.getByLabel('Keymap')).toBeVisible();
}

async function closeSettings(page: Page) {
  if ((await settingsButton(page).getAttribute('aria-expanded')) === 'true')
    await settingsButton(page).click();
  await expect(page.getByLabel('Keymap')).toBeHidden();
}

const editorSurface = (page: Page) => page.locator('.workspace__editor .monaco-editor .view-lines');

test("Shift+Ctrl+' submits a typed solution; the indicator and the certificate progress move without a reload", async ({
  page,
  request,
}) => {
  await signInOwner(page, request, 'workspace-submit-key');
  // A full load after the role was granted, then only in-app navigation.
  await page.goto('/questions');
  const progress = page.getByRole('progressbar', { name: 'Questions completed' });
  await expect(progress).toHaveAttribute('aria-valuenow', /^\d+$/);
  const before = Number(await progress.getAttribute('aria-valuenow'));
  const required = Number(await progress.getAttribute('aria-valuemax'));
  expect(required).toBeGreaterThan(before);
  await expect(page.getByText(`${before} / ${required} questions completed`)).toBeVisible();
  const row = page.locator(`li[data-question="${SLUG}"]`);
  await expect(row.getByRole('img', { name: 'Question Not Submitted' })).toBeVisible();

  // A marker that a full page load would wipe: everything below happens in this one document.
  await page.evaluate(() => ((window as unknown as { e2eNoReload: boolean }).e2eNoReload = true));
  await row.getByRole('link', { name: fileOf(SLUG).name }).click();
  await expect(page.getByRole('heading', { level: 1, name: fileOf(SLUG).name })).toBeVisible();
  await expect(page.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('submission-indicator')).toHaveText('Question Not Submitted');

  await typeSolution(page);
  const submissions: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/api/problems/v1/algoexpert/submissions/create')) submissions.push(sent.url());
  });
  // The focus is in the editor: Shift + Ctrl + ' submits (the title of Submit Code says so).
  await expect(page.getByRole('button', { name: 'Submit Code' })).toHaveAttribute(
    'title',
    "Shift + Ctrl or ⌘ + '",
  );
  await page.keyboard.press("Shift+Control+'");
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.getByText('Submission recorded: All Tests Passed', { exact: false })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('submission-indicator')).toHaveText('All Tests Passed');
  expect(submissions).toHaveLength(1);

  await page.getByRole('link', { name: 'Questions', exact: true }).click();
  await expect(row.getByRole('img', { name: 'All Tests Passed' })).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', String(before + 1));
  await expect(page.getByText(`${before + 1} / ${required} questions completed`)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(true);
});

test('the emacs keymap: Ctrl+A, Ctrl+E, Ctrl+K and Ctrl+Y edit the line, and the choice is kept', async ({
  page,
  request,
}) => {
  await signInOwner(page, request, 'workspace-emacs');
  await openWorkspace(page, SLUG);
  const lastLine = 'exports.orderedSquares = orderedSquares;';
  await expect.poll(() => editorText(page)).toContain(`function orderedSquares(values) {`);
  await expect.poll(() => editorText(page)).toContain(lastLine);

  await openSettings(page);
  const saved = optionsSaved(page, '"keymap":"emacs"');
  await page.getByLabel('Keymap').selectOption('emacs');
  await expect(page.locator('[data-editor-ready="true"]')).toHaveAttribute('data-keymap', 'emacs');
  await saved;
  await closeSettings(page);

  // In the middle of the starter's last line: Ctrl+A goes to its start (not select all), Ctrl+E to its end.
  await page.locator('.workspace__editor .view-line', { hasText: lastLine }).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('/* start */ ');
  await page.keyboard.press('Control+E');
  await page.keyboard.type(' // end');
  await expect.poll(() => editorText(page)).toContain(`below.\n/* start */ ${lastLine} // end`);

  // Ctrl+K kills the rest of the line from the cursor; Ctrl+Y yanks it back.
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+K');
  await expect.poll(() => editorText(page)).not.toContain(lastLine);
  expect(await editorText(page)).toContain('function orderedSquares(values) {');
  await page.keyboard.press('Control+Y');
  await expect.poll(() => editorText(page)).toContain(`below.\n/* start */ ${lastLine} // end`);

  // The keymap is saved with the workspace options.
  await openWorkspace(page, SLUG);
  await expect(page.locator('[data-editor-ready="true"]')).toHaveAttribute('data-keymap', 'emacs');
  await openSettings(page);
  await expect(page.getByLabel('Keymap')).toHaveValue('emacs');
  await closeSettings(page);
  await page.locator('.workspace__editor .view-line', { hasText: lastLine }).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+K');
  await expect.poll(() => editorText(page)).not.toContain(lastLine);

  // Back to Sublime: Ctrl+A selects all again.
  await openSettings(page);
  await page.getByLabel('Keymap').selectOption('sublime');
  await expect(page.locator('[data-editor-ready="true"]')).toHaveAttribute('data-keymap', 'sublime');
  await closeSettings(page);
  await editorSurface(page).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('// all replaced');
  await expect.poll(() => editorText(page)).toBe('// all replaced');
});

/** The colour classes Monaco gives the shown code's tokens: one class for uncoloured text. */
async function tokenColours(page: Page) {
  return page
    .locator('.workspace__editor .view-lines')
    .evaluate((lines) =>
      [
        ...new Set(
          [...lines.querySelectorAll('span[class*="mtk"]')].flatMap((span) =>
            [...span.classList].filter((name) => /^mtk\d+$/.test(name)),
          ),
        ),
      ].sort(),
    );
}

const editorFontSize = (page: Page) =>
  page.locator('.workspace__editor .view-lines').evaluate((lines) => getComputedStyle(lines).fontSize);

test('font zoom: the editor text is 14 px times the zoom, and the zoom is kept', async ({
  page,
  request,
}) => {
  await signInOwner(page, request, 'workspace-zoom');
  await openWorkspace(page, SLUG);
  await expect.poll(() => editorFontSize(page)).toBe('14px');

  await openSettings(page);
  const zoom = page.getByRole('group', { name: 'Font size' });
  await expect(zoom.locator('output')).toHaveText('14 px');
  await zoom.getByRole('button', { name: 'Larger font' }).click();
  const saved = optionsSaved(page, '"fontZoom":1.2');
  await zoom.getByRole('button', { name: 'Larger font' }).click();
  await expect(zoom.locator('output')).toHaveText('17 px');
  await expect.poll(() => editorFontSize(page)).toBe('16.8px');
  await saved;

  await openWorkspace(page, SLUG);
  await expect.poll(() => editorFontSize(page)).toBe('16.8px');
  await openSettings(page);
  await expect(zoom.locator('output')).toHaveText('17 px');
  for (let step = 0; step < 4; step++) await zoom.getByRole('button', { name: 'Smaller font' }).click();
  await expect(zoom.locator('output')).toHaveText('11 px');
  await expect.poll(() => editorFontSize(page)).toBe('11.2px');
});

test('whiteboard mode: no colouring, suggestions or running, Submit Code still judges, and the mode is kept', async ({
  page,
  request,
}) => {
  await signInOwner(page, request, 'workspace-whiteboard');
  await openWorkspace(page, SLUG);
  await typeSolution(page);
  const editor = page.locator('[data-editor-ready="true"]');
  await expect(editor).toHaveAttribute('data-language', 'javascript');
  // Coloured: keywords, identifiers and numbers each in their own colour.
  await expect.poll(async () => (await tokenColours(page)).length).toBeGreaterThan(1);
  // Suggestions: a word's first letters bring up the list, Escape and Backspace take it away again.
  const suggestions = page.locator('.suggest-widget.visible');
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText('\n');
  await page.keyboard.type('orderedS');
  await expect(suggestions).toBeVisible();
  await page.keyboard.press('Escape');
  for (let i = 0; i < 'orderedS'.length + 1; i++) await page.keyboard.press('Backspace');

  await openSettings(page);
  const saved = optionsSaved(page, '"isWhiteboardModeOn":true');
  await page.getByLabel('Whiteboard mode').check();
  await saved;
  await closeSettings(page);
  await expect(
    page.getByText('Whiteboard mode: no colouring, no suggestions and no running', { exact: false }),
  ).toBeVisible();
  await expect(editor).toHaveAttribute('data-language', 'plaintext');
  await expect.poll(() => tokenColours(page)).toEqual(['mtk1']);
  await expect(page.getByRole('button', { name: 'Run Code' })).toHaveCount(0);
  await expect(page.getByText('Quick Test', { exact: true })).toHaveCount(0);
  // No suggestions and no automatic closing: what is typed is what shows.
  const before = await editorText(page);
  await editorSurface(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText('\n');
  await page.keyboard.type('orderedS(');
  await expect.poll(() => editorText(page)).toContain('orderedS(');
  expect(await editorText(page)).not.toContain('orderedS()');
  // Give a suggestion list the time it takes to appear where assistance is on.
  await page.waitForTimeout(700);
  await expect(suggestions).toHaveCount(0);
  for (let i = 0; i < 'orderedS('.length + 1; i++) await page.keyboard.press('Backspace');
  await expect.poll(() => editorText(page)).toBe(before);

  // Ctrl + ' runs nothing, in the editor or outside it; Shift + Ctrl + ' still submits.
  const runs: string[] = [];
  page.on('request', (sent) => {
    if (/\/(run-sandbox|run_custom_input)$/.test(sent.url())) runs.push(sent.url());
  });
  await editorSurface(page).click();
  await page.keyboard.press("Control+'");
  const results = page.getByRole('region', { name: 'Results' });
  await results.getByRole('heading', { name: 'Results' }).click();
  await page.keyboard.press("Control+'");
  await page.keyboard.press("Shift+Control+'");
  await expect(results.getByText('Submission recorded: All Tests Passed', { exact: false })).toBeVisible({
    timeout: 30_000,
  });
  expect(runs).toEqual([]);
  await expect(page.getByTestId('submission-indicator')).toHaveText('All Tests Passed');

  // Kept after a reload, and turned off again the colours and Run Code come back.
  await openWorkspace(page, SLUG);
  await expect(editor).toHaveAttribute('data-language', 'plaintext');
  await expect(page.getByRole('button', { name: 'Run Code' })).toHaveCount(0);
  await openSettings(page);
  await expect(page.getByLabel('Whiteboard mode')).toBeChecked();
  await page.getByLabel('Whiteboard mode').uncheck();
  await closeSettings(page);
  await expect(
    page.getByText('Whiteboard mode: no colouring, no suggestions and no running', { exact: false }),
  ).toHaveCount(0);
  await expect(editor).toHaveAttribute('data-language', 'javascript');
  await expect.poll(async () => (await tokenColours(page)).length).toBeGreaterThan(1);
  await expect(page.getByRole('button', { name: 'Run Code' })).toBeVisible();
});

const STARTER_MARK = '// Write your code here.';

// Typed as a comment: no completion list opens in one.
const SAVED_DRAFT = '// My saved attempt: square, then sort.';

test('fresh practice hides the saved code behind the starter, saves nothing, and turned off brings the code back', async ({
  page,
  request,
}) => {
  await signInOwner(page, request, 'workspace-fresh');
  await openWorkspace(page, SLUG);
  await expect.poll(() => editorText(page)).toContain(STARTER_MARK);
  const done = savedWith(page, SAVED_DRAFT);
  await typeSolution(page, [SAVED_DRAFT]);
  await done();

  await openWorkspace(page, SLUG);
  await expect.poll(() => editorText(page)).toContain(SAVED_DRAFT);
  await openSettings(page);
  const fresh = page.getByLabel('Fresh practice (hide my saved code)');
  await fresh.check();
  await closeSettings(page);
  await expect.poll(() => editorText(page)).toContain(STARTER_MARK);
  expect(await editorText(page)).not.toContain(SAVED_DRAFT);
  const codeBar = page.locator('.code-bar');
  await expect(codeBar.getByText('Fresh practice', { exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Solution slots' })).toHaveCount(0);
  await expect(page.getByText('Fresh practice: your saved code is hidden', { exact: false })).toBeVisible();
  await expect(page.locator('.code-bar__save')).toHaveText('Fresh practice: not saved');

  // An attempt from the starter, never sent to be saved.
  const attemptSaves: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith(USER_DATA_SET) && (sent.postData() ?? '').includes('Fresh attempt'))
      attemptSaves.push(sent.postData()!);
  });
  await page.locator('.workspace__editor .view-line', { hasText: STARTER_MARK }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Fresh attempt.');
  await expect.poll(() => editorText(page)).toContain(`${STARTER_MARK} Fresh attempt.`);

  await openSettings(page);
  await fresh.uncheck();
  await closeSettings(page);
  await expect.poll(() => editorText(page)).toContain(SAVED_DRAFT);
  expect(await editorText(page)).not.toContain('Fresh attempt.');
  await expect(page.getByRole('group', { name: 'Solution slots' })).toBeVisible();
  await expect(page.locator('.code-bar__save')).toHaveText('All changes saved');

  // A second round starts from the starter again, not from the last attempt.
  await openSettings(page);
  await fresh.check();
  await expect.poll(() => editorText(page)).toContain(STARTER_MARK);
  expect(await editorText(page)).not.toContain('Fresh attempt.');

  // The attempt was never saved: a reload (which sends any pending save) shows the saved code.
  await openWorkspace(page, SLUG);
  await expect.poll(() => editorText(page)).toContain(SAVED_DRAFT);
  expect(await editorText(page)).not.toContain('Fresh attempt.');
  await openSettings(page);
  await expect(fresh).not.toBeChecked();
  expect(attemptSaves).toEqual([]);
});

test('the personal note is saved as it is typed, kept after a reload, and belongs to its question', async ({
  page,
  request,
}) => {
  await signInOwner(page, request, 'workspace-note');
  await openWorkspace(page, SLUG);
  const note = page.getByLabel('My Note');
  await expect(note).toHaveValue('');
  await expect(note).toHaveAttribute('placeholder', /^What to remember about this question/);

  const text = 'Two pointers from both ends: the largest square is at one of them.';
  const done = savedWith(page, text);
  await note.click();
  await page.keyboard.type(text);
  await done();

  await openWorkspace(page, SLUG);
  await expect(page.getByLabel('My Note')).toHaveValue(text);

  // Another question has its own note.
  await openWorkspace(page, 'stair-step-ways');
  await expect(page.getByLabel('My Note')).toHaveValue('');
});

// Two drafts, typed as comments.
const SLOT_ONE = '// Solution one: square, then sort.';
const SLOT_TWO = '// Solution two: two pointers from both ends.';

test('solution slots keep their own code when switching and after a reload', async ({ page, request }) => {
  await signInOwner(page, request, 'workspace-slots');
  await openWorkspace(page, SLUG);
  const slots = page.getByRole('group', { name: 'Solution slots' });
  const slot = (n: number) => slots.getByRole('button', { name: `Solution ${n}` });
  await expect(slot(1)).toHaveAttribute('aria-pressed', 'true');
  const shows = async (text: string) => {
    await expect.poll(() => editorText(page)).toContain(text);
    for (const other of [SLOT_ONE, SLOT_TWO, STARTER_MARK].filter((draft) => draft !== text))
      expect(await editorText(page)).not.toContain(other);
  };

  let done = savedWith(page, SLOT_ONE);
  await typeSolution(page, [SLOT_ONE]);
  await done();
  await shows(SLOT_ONE);

  await slot(2).click();
  await expect(slot(2)).toHaveAttribute('aria-pressed', 'true');
  await expect(slot(1)).toHaveAttribute('aria-pressed', 'false');
  await shows(STARTER_MARK);
  done = savedWith(page, SLOT_TWO);
  await typeSolution(page, [SLOT_TWO]);
  await done();
  await shows(SLOT_TWO);

  await slot(1).click();
  await shows(SLOT_ONE);
  await slot(2).click();
  await shows(SLOT_TWO);
  await slot(3).click();
  await shows(STARTER_MARK);

  // After a reload each slot shows what was saved in it; the first is chosen.
  await openWorkspace(page, SLUG);
  await expect(slot(1)).toHaveAttribute('aria-pressed', 'true');
  await shows(SLOT_ONE);
  await slot(2).click();
  await shows(SLOT_TWO);
  await slot(3).click();
  await shows(STARTER_MARK);
  await slot(1).click();
  await shows(SLOT_ONE);
});

const editorBackground = (page: Page) =>
  page
    .locator('.workspace__editor .monaco-editor')
    .evaluate((node) => getComputedStyle(node).backgroundColor);

/** The editor background a theme of monaco-themes publishes, as the browser computes it. */
function publishedBackground(themeFile: string) {
  const file = path.resolve(
    __dirname,
    '..',
    '..',
    'node_modules',
    'monaco-themes',
    'themes',
    `${themeFile}.json`,
  );
  const theme = JSON.parse(readFileSync(file, 'utf8')) as { colors: Record<string, string> };
  const hex = theme.colors['editor.background'].replace(/^#/, '');
  const [r, g, b] = [0, 2, 4].map((index) => parseInt(hex.slice(index, index + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** Relative luminance (0 black .. 1 white) of a computed `rgb(r, g, b)` colour. */
function luminanceOf(color: string) {
  const channels = /^rgba?\((\d+), (\d+), (\d+)/.exec(color);
  if (!channels) throw new Error(`not an rgb colour: ${color}`);
  const [r, g, b] = channels.slice(1, 4).map((value) => {
    const c = Number(value) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

test('themes: a light and a dark theme each change the editor background, and the choice is kept', async ({
  page,
  request,
}) => {
  const monokai = publishedBackground('Monokai');
  const solarizedLight = publishedBackground('Solarized-light');
  const dracula = publishedBackground('Dracula');
  expect(luminanceOf(monokai)).toBeLessThan(0.1);
  expect(luminanceOf(dracula)).toBeLessThan(0.1);
  expect(luminanceOf(solarizedLight)).toBeGreaterThan(0.8);

  await signInOwner(page, request, 'workspace-themes');
  await openWorkspace(page, SLUG);
  const workspace = page.locator('.workspace');
  const editor = page.locator('[data-editor-ready="true"]');
  // The default: dark, in Monokai.
  await expect(workspace).toHaveAttribute('data-theme', 'dark');
  await expect(editor).toHaveAttribute('data-theme', 'monokai');
  await expect.poll(() => editorBackground(page)).toBe(monokai);

  // Light: Eclipse first, then another light palette.
  await openSettings(page);
  await page.getByLabel('Theme').selectOption('light');
  await expect(workspace).toHaveAttribute('data-theme', 'light');
  await expect(page.getByLabel('Editor colours')).toHaveValue('eclipse');
  await expect(editor).toHaveAttribute('data-theme', 'eclipse');
  await expect.poll(async () => luminanceOf(await editorBackground(page))).toBeGreaterThan(0.8);
  let saved = optionsSaved(page, '"syntaxHighlightTheme":"solarized-light"');
  await page.getByLabel('Editor colours').selectOption('solarized-light');
  await saved;
  await expect(editor).toHaveAttribute('data-theme', 'solarized-light');
  await expect.poll(() => editorBackground(page)).toBe(solarizedLight);

  await openWorkspace(page, SLUG);
  await expect(workspace).toHaveAttribute('data-theme', 'light');
  await expect(editor).toHaveAttribute('data-theme', 'solarized-light');
  await expect.poll(() => editorBackground(page)).toBe(solarizedLight);

  // Dark: Monokai again, then Dracula.
  await openSettings(page);
  await page.getByLabel('Theme').selectOption('dark');
  await expect(workspace).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByLabel('Editor colours')).toHaveValue('monokai');
  await expect.poll(() => editorBackground(page)).toBe(monokai);
  saved = optionsSaved(page, '"syntaxHighlightTheme":"dracula"');
  await page.getByLabel('Editor colours').selectOption('dracula');
  await saved;
  await expect(editor).toHaveAttribute('data-theme', 'dracula');
  await expect.poll(() => editorBackground(page)).toBe(dracula);

  await openWorkspace(page, SLUG);
  await expect(workspace).toHaveAttribute('data-theme', 'dark');
  await expect(editor).toHaveAttribute('data-theme', 'dracula');
  await expect.poll(() => editorBackground(page)).toBe(dracula);
});
