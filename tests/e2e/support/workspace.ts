import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { loginTokenOf } from './auth';
import { E2E_STAFF_TOKEN } from './environment';

/* The coding workspace's browser-test helpers, shared by workspace.spec.ts and workspace-options.spec.ts. */

const questionsDir = path.resolve(__dirname, '..', '..', '..', 'content', 'algorithms', 'questions');

/** A published question's file as the content folder holds it. */
export const fileOf = (slug: string) =>
  JSON.parse(readFileSync(path.join(questionsDir, slug, 'question.json'), 'utf8')) as {
    name: string;
    hints: string[];
    free?: boolean;
  };

/** The question the workspace tests solve: free, with a one-line JavaScript solution. */
export const SLUG = 'ordered-squares';

/** Makes the signed-in learner an AlgoExpert owner, through the staff API. */
export async function grantAlgoExpert(page: Page, request: APIRequestContext) {
  await grantRole(page, request, 'premiumv1');
}

/** Grants the signed-in learner a product role (`premiumv1`, `mlexpertv1`, ...) through the staff API. */
export async function grantRole(page: Page, request: APIRequestContext, role: string) {
  const token = (await loginTokenOf(page.context()))!;
  const info = await request.post('/api/users/v1/userinfo/get', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  const userId = ((await info.json()) as { subject: string }).subject;
  const granted = await request.post('/api/staff/v1/users/roles/grant', {
    headers: { authorization: `Bearer ${E2E_STAFF_TOKEN}` },
    data: { userId, role },
  });
  expect(granted.status()).toBe(200);
}

/** Loads the question's workspace and waits until its editor has mounted. */
export async function openWorkspace(page: Page, slug: string) {
  await page.goto(`/questions/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: fileOf(slug).name })).toBeVisible();
  // Attached, not visible: on a phone the editor waits behind the Code tab.
  await expect(page.locator('[data-editor-ready="true"]')).toBeAttached({ timeout: 20_000 });
}

export async function editorText(page: Page) {
  // Monaco renders spaces as no-break spaces.
  return (await page.locator('.workspace__editor .view-lines').innerText()).replace(/\u00a0/g, ' ');
}

/*
 * A correct solution as a learner types it, key by key: each line on its own, so the editor's automatic
 * closing brackets are typed over and its indentation has nothing to add.
 */
export const TYPED_SOLUTION = [
  'function orderedSquares(values) { return values.map((v) => v * v).sort((a, b) => a - b); }',
  'exports.orderedSquares = orderedSquares;',
];

export async function typeLines(page: Page, lines: readonly string[]) {
  for (const [index, line] of lines.entries()) {
    // A new line without Enter, which would accept a suggestion if the completion list is open.
    if (index > 0) await page.keyboard.insertText('\n');
    await page.keyboard.type(line);
  }
}

/** Replaces the editor's whole text as a person would: focus, select all, delete, type. */
export async function typeSolution(page: Page, lines: readonly string[] = TYPED_SOLUTION) {
  await page.locator('.workspace__editor .monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await typeLines(page, lines);
}
