import { readFileSync, readdirSync } from 'node:fs';
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

const contentRoot = path.resolve(__dirname, '..', '..', 'content');
/** The folders (lessons, questions, projects) under a content folder. */
const folders = (...parts: string[]) =>
  readdirSync(path.join(contentRoot, ...parts), { withFileTypes: true }).filter((entry) =>
    entry.isDirectory(),
  ).length;
const files = (...parts: string[]) => readdirSync(path.join(contentRoot, ...parts)).length;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const blockchainCourses = [
  'blockchain-fundamentals',
  'ethereum-and-smart-contracts',
  'solidity-fundamentals',
  'advanced-solidity',
  'interacting-with-smart-contracts',
  'web3-tools',
];
const jsonLength = (...parts: string[]) =>
  (JSON.parse(readFileSync(path.join(contentRoot, ...parts), 'utf8')) as unknown[]).length;

test("the four tracks' product pages quote what their content holds, counted by the catalogue", async ({
  page,
}) => {
  const frontendCourses = ['html', 'css', 'javascript', 'react'].map((id) => `${id}-crash-course`);
  const practice = sum(
    blockchainCourses.flatMap((course) =>
      readdirSync(path.join(contentRoot, 'blockchain', course), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((lesson) => jsonLength('blockchain', course, lesson.name, 'practice.json')),
    ),
  );
  const pages: [string, string[]][] = [
    [
      '/frontend/product',
      [
        `crash courses: ${sum(frontendCourses.map((course) => folders('frontend', course)))} lessons`,
        `Web development fundamentals in ${folders('frontend', 'web-dev-fundamentals')} lessons`,
        `${folders('frontend', 'questions')} frontend coding questions`,
        `A ${files('frontend', 'quiz')}-question frontend quiz`,
      ],
    ],
    [
      '/infrastructure/product',
      [
        `crash course in ${folders('infrastructure', 'crash-course')} lessons`,
        `${folders('infrastructure', 'questions')} infrastructure coding questions`,
        `${folders('infrastructure', 'design-questions')} infrastructure design questions`,
        `A ${files('infrastructure', 'quiz')}-question infrastructure quiz`,
      ],
    ],
    [
      '/ios/product',
      [
        `Swift fundamentals course in ${folders('ios', 'swift-fundamentals')} lessons`,
        `SwiftUI and UIKit courses: ${folders('ios', 'swiftui') + folders('ios', 'uikit')} lessons`,
        `A ${files('ios', 'quiz')}-question iOS quiz`,
      ],
    ],
    [
      '/blockchain/product',
      [
        `${sum(blockchainCourses.map((course) => folders('blockchain', course)))} lessons in six courses`,
        `${practice} practice questions`,
        `Course assessments: ${sum(blockchainCourses.map((course) => jsonLength('blockchain', course, 'assessment.json')))} questions`,
        `${folders('blockchain', 'questions')} Solidity questions`,
        `${folders('blockchain', 'projects')} hands-on projects`,
      ],
    ],
  ];
  for (const [route, lines] of pages) {
    await page.goto(route);
    const features = page.getByRole('region', { name: 'What you get' });
    for (const line of lines) await expect(features).toContainText(line);
  }
});
