import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { loginTokenOf, signInAsDeveloper, uniquePerson } from './support/auth';
import { seriousViolations } from './support/axe';
import { E2E_STAFF_TOKEN } from './support/environment';

/*
 * The systems-design questions and their workspace (issue 22) on the design questions the platform
 * published when it started: an owner reveals a hint, draws a rectangle on the Excalidraw whiteboard with
 * the mouse, finds it again after a reload (saved in user data), and marks the question completed; a
 * visitor finds the locked view of a question they do not own; both pages pass axe and work at 390 px.
 */
type DesignMeta = { slug: string; name: string; order: number; free: boolean; hints: string[] };
const questionsDir = path.resolve(__dirname, '..', '..', 'content', 'systems', 'design-questions');
const questions = readdirSync(questionsDir)
  .map(
    (slug) => JSON.parse(readFileSync(path.join(questionsDir, slug, 'question.json'), 'utf8')) as DesignMeta,
  )
  .sort((a, b) => a.order - b.order);
const locked = questions.find((question) => !question.free)!;

/** Grants the signed-in person of `page` the SystemsExpert role through the staff call. */
async function grantSystemsExpert(page: Page, request: APIRequestContext) {
  const token = (await loginTokenOf(page.context()))!;
  const info = await request.post('/api/users/v1/userinfo/get', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  const userId = ((await info.json()) as { subject: string }).subject;
  const granted = await request.post('/api/staff/v1/users/roles/grant', {
    headers: { authorization: `Bearer ${E2E_STAFF_TOKEN}` },
    data: { userId, role: 'systemsexpertv1' },
  });
  expect(granted.status()).toBe(200);
  return token;
}

/** The drawing saved in the learner's user data for the question. */
async function savedElements(request: APIRequestContext, token: string, slug: string) {
  const answer = await request.post('/api/problems/v1/systemsexpert/user-data/get', {
    headers: { authorization: `Bearer ${token}` },
    data: { fetchMap: { designQuestions: { [slug]: 'TAKE' } } },
  });
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as {
    designQuestions?: Record<string, { whiteboard?: { elements?: { type: string; isDeleted?: boolean }[] } }>;
  };
  return body.designQuestions?.[slug]?.whiteboard?.elements ?? [];
}

const welcome = (page: Page) => page.getByText('Sketch the design: clients, services, stores');

test('an owner reveals a hint, draws on the whiteboard, reloads and finds the drawing, then completes the question', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/systems/questions');
  await signInAsDeveloper(page, uniquePerson('designer'));
  const token = await grantSystemsExpert(page, request);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Design questions' })).toBeVisible();
  await expect(page.getByText(`0 of ${questions.length} completed`)).toBeVisible();
  await page.getByRole('link', { name: locked.name }).click();

  await expect(page).toHaveURL(`/systems/workspace/${locked.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: locked.name })).toBeVisible();
  const hints = page.getByRole('region', { name: 'Hints' });
  await expect(hints.getByRole('listitem')).toHaveCount(0);
  await hints.getByRole('button', { name: 'Show Hint 1' }).click();
  await expect(hints.getByRole('listitem')).toHaveCount(1);
  await expect(hints).toContainText(locked.hints[0].split(':')[0]);
  await expect(hints.getByRole('button', { name: 'Show Hint 2' })).toBeVisible();

  // Draw a rectangle with the mouse: the rectangle tool, then a drag on the canvas.
  const board = page.getByTestId('whiteboard');
  await expect(welcome(page)).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('toolbar-rectangle').click({ force: true });
  const box = (await board.boundingBox())!;
  const saved = page.waitForResponse(
    (response) => response.url().includes('/systemsexpert/user-data/set') && response.status() === 200,
  );
  await page.mouse.move(box.x + box.width * 0.35, box.y + box.height * 0.4);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 8 });
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6, { steps: 8 });
  await page.mouse.up();
  await saved;
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  expect((await savedElements(request, token, locked.slug)).map((element) => element.type)).toEqual([
    'rectangle',
  ]);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'tests/test-results/design-workspace-1280.png' });

  // After a reload the drawing is back: no welcome screen, and selecting everything selects the rectangle.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: locked.name })).toBeVisible();
  await expect(board.locator('canvas').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('toolbar-rectangle')).toBeAttached();
  await expect(welcome(page)).toHaveCount(0);
  // An empty spot of the canvas takes the focus, then Ctrl+A selects every shape.
  await page.mouse.click(box.x + box.width * 0.2, box.y + box.height * 0.75);
  await page.keyboard.press('ControlOrMeta+a');
  await expect(board.getByText('Stroke', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Mark as completed' }).click();
  await expect(page.getByRole('button', { name: 'Completed ✓' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('main').getByRole('link', { name: 'Design questions', exact: true }).click();
  await expect(page.getByText(`1 of ${questions.length} completed`)).toBeVisible();
  await expect(page.locator(`[data-question="${locked.slug}"]`)).toHaveAttribute('data-completed', 'true');

  // On a phone one part shows at a time: the question, or the whiteboard with the drawing.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/systems/workspace/${locked.slug}`);
  const parts = page.getByRole('tablist', { name: 'Workspace parts' });
  await expect(parts).toBeVisible();
  await expect(page.getByRole('region', { name: 'Hints' })).toBeVisible();
  await expect(board).toBeHidden();
  await parts.getByRole('tab', { name: 'Whiteboard' }).click();
  await expect(board).toBeVisible();
  await expect(page.getByRole('region', { name: 'Hints' })).toBeHidden();
  await expect(welcome(page)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'tests/test-results/design-workspace-390.png' });
});

test('a visitor finds the locked view of a design question they do not own, and the free sample open', async ({
  page,
}) => {
  await page.goto('/systems/questions');
  const row = page.locator(`[data-question="${locked.slug}"]`);
  await expect(row).toContainText('Locked: part of SystemsExpert');
  await expect(row.getByRole('link', { name: 'Get SystemsExpert' })).toHaveAttribute('href', '/purchase');
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/systems/workspace/${locked.slug}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This design question is part of SystemsExpert' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get SystemsExpert' })).toHaveAttribute('href', '/purchase');
  await expect(page.getByRole('main').getByRole('button', { name: 'Log In' })).toBeVisible();
  await expect(page.getByTestId('whiteboard')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('link', { name: 'Back To Lessons' })).toBeVisible();
  await page.screenshot({ path: 'tests/test-results/design-locked-390.png', fullPage: true });

  const free = questions.find((question) => question.free)!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/systems/workspace/${free.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: free.name })).toBeVisible();
  await expect(page.getByText('Log in to keep your drawing and notes.')).toBeVisible();
  await expect(page.getByTestId('whiteboard')).toBeVisible({ timeout: 20_000 });
});
