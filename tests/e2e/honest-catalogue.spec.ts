import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

/*
 * Issue 16: the question list numbered its rows 3, 6, 7, 10... (the catalogue's own numbers in another
 * order), and the marketing promised a video walkthrough of every solution and nine languages. Rows are
 * now numbered in the order shown; the copy counts what the catalogue and the engine say, and promises no
 * video.
 */

const questionsDir = path.resolve(__dirname, '..', '..', 'content', 'algorithms', 'questions');
const questionCount = readdirSync(questionsDir).length;

const rowNumbers = (page: Page) => page.locator('.question-row__number').allTextContents();
const inOrder = (count: number) => Array.from({ length: count }, (_, index) => `${index + 1}.`);

test('the question list numbers its rows 1, 2, 3... in the order shown, whatever the sort', async ({
  page,
}) => {
  await page.goto('/questions');
  await expect(page.getByText(`Showing ${questionCount} of ${questionCount} questions`)).toBeVisible();
  expect(await rowNumbers(page)).toEqual(inOrder(questionCount));

  await page.getByLabel('Sort by').selectOption('category');
  await expect(page.getByRole('heading', { level: 2 }).first()).not.toHaveText(/^Easy/);
  expect(await rowNumbers(page)).toEqual(inOrder(questionCount));
});

/** What the engine runs here and what the catalogue holds, as the copy must count them. */
async function facts(page: Page) {
  const languages = (await (await page.request.get('/api/problems/v1/languages')).json()) as {
    languages: { language: string; available: boolean }[];
  };
  const list = (await (
    await page.request.post('/api/problems/v1/algoexpert/coding-questions/list', { data: {} })
  ).json()) as { questions: unknown[] };
  return {
    runnable: languages.languages.filter((l) => l.available).length,
    questions: list.questions.length,
  };
}

test('the product page counts languages from the engine and questions from the catalogue, and promises no video', async ({
  page,
}) => {
  const { runnable, questions } = await facts(page);
  expect(questions).toBe(questionCount);
  await page.goto('/product');
  const features = page.getByRole('region', { name: 'What you get' });
  await expect(features).toContainText(`${questions} coding questions`);
  await expect(features).toContainText(`runs your code in ${runnable} languages`);
  const main = page.getByRole('main');
  await expect(main).not.toContainText(/video walkthrough|video explanations|nine languages/i);

  await page.goto('/purchase');
  // The plans have loaded (their prices come from the offerings), and none promises a video.
  await expect(page.getByRole('main').getByRole('heading', { name: 'Plans' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('You pay');
  await expect(page.getByRole('main')).not.toContainText(/video walkthrough|video explanations/i);

  await page.goto('/help');
  await expect(page.getByRole('main')).toContainText(`runs your code in ${runnable} languages here`);
  await expect(page.getByRole('main')).not.toContainText(/nine languages/i);
});
