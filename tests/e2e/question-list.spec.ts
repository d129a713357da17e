import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { loginTokenOf, signInAsDeveloper, uniquePerson } from './support/auth';
import { E2E_STAFF_TOKEN } from './support/environment';

/*
 * The algorithms question list (issue 7, spec 3) in the browser, on the content the platform published
 * when it started: groups, availability, filters, sorting, and a submission's indicator and progress.
 */
const questionsDir = path.resolve(__dirname, '..', '..', 'content', 'algorithms', 'questions');
const slugs = readdirSync(questionsDir);
const fileOf = (slug: string) =>
  JSON.parse(readFileSync(path.join(questionsDir, slug, 'question.json'), 'utf8'));
const freeSlugs = slugs.filter((slug) => fileOf(slug).free === true);
const lockedSlug = slugs.find((slug) => !freeSlugs.includes(slug))!;

const row = (page: Page, slug: string) => page.locator(`li[data-question="${slug}"]`);

test('anonymous visitors see every question by difficulty, the free ones open, the others locked with the way to buy', async ({
  page,
}) => {
  await page.goto('/questions');
  await expect(page.getByRole('heading', { level: 1, name: 'Coding questions' })).toBeVisible();
  await expect(page.getByText(`Showing ${slugs.length} of ${slugs.length} questions`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    /^Easy/,
    /^Medium/,
    /^Hard/,
    /^Very Hard/,
  ]);
  for (const slug of freeSlugs) {
    await expect(row(page, slug).getByRole('link', { name: fileOf(slug).name })).toHaveAttribute(
      'href',
      `/questions/${slug}`,
    );
  }
  const locked = row(page, lockedSlug);
  await expect(locked.getByRole('link', { name: fileOf(lockedSlug).name })).toHaveCount(0);
  await expect(locked.getByRole('link', { name: 'Get AlgoExpert' })).toHaveAttribute('href', '/purchase');
  await expect(locked.getByRole('img', { name: 'Question Not Submitted' })).toBeVisible();
});

test('filters hide and show questions, and sorting by category groups them by category', async ({ page }) => {
  await page.goto('/questions');
  await expect(page.getByText(`Showing ${slugs.length} of ${slugs.length} questions`)).toBeVisible();
  const notSubmitted = page.getByRole('checkbox', { name: 'Not submitted' });
  await expect(notSubmitted).toBeChecked();
  await notSubmitted.uncheck();
  await expect(page.getByText(`Showing 0 of ${slugs.length} questions`)).toBeVisible();
  await expect(page.getByText('No question matches the filters: turn one back on.')).toBeVisible();
  await notSubmitted.check();
  await page.getByRole('checkbox', { name: 'Not starred' }).uncheck();
  await expect(page.getByText(`Showing 0 of ${slugs.length} questions`)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Not starred' }).check();

  await page.getByLabel('Sort by').selectOption('category');
  const categories = [...new Set(slugs.map((slug) => fileOf(slug).category as string))].sort();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(
    categories.map((c) => new RegExp(`^${c}`)),
  );
});

test('a learner who submits a correct solution sees the indicator and the count change; stars and strikes are kept', async ({
  page,
  request,
}) => {
  await page.goto('/questions');
  await signInAsDeveloper(page, uniquePerson('question-list'));
  const token = (await loginTokenOf(page.context()))!;
  const info = await request.post('/api/users/v1/userinfo/get', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  const userId = ((await info.json()) as { subject: string }).subject;
  const granted = await request.post('/api/staff/v1/users/roles/grant', {
    headers: { authorization: `Bearer ${E2E_STAFF_TOKEN}` },
    data: { userId, role: 'premiumv1' },
  });
  expect(granted.status()).toBe(200);

  const slug = lockedSlug;
  const submitted = await request.post('/api/problems/v1/algoexpert/submissions/create', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      questionId: slug,
      language: 'python',
      code: readFileSync(path.join(questionsDir, slug, 'solutions', 'python'), 'utf8'),
    },
  });
  expect(submitted.status()).toBe(200);

  await page.reload();
  await expect(row(page, slug).getByRole('link', { name: fileOf(slug).name })).toBeVisible();
  await expect(row(page, slug).getByRole('img', { name: 'All Tests Passed' })).toBeVisible();
  await expect(page.getByText('You have solved 1.', { exact: false })).toBeVisible();

  const star = row(page, slug).getByRole('button', { name: `Star ${fileOf(slug).name}` });
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  const strike = row(page, slug).getByRole('button', { name: `Strike through ${fileOf(slug).name}` });
  await strike.click();
  await expect(strike).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('checkbox', { name: 'All tests passed' }).uncheck();
  await expect(row(page, slug)).toHaveCount(0);

  // Saved in the learner's data: the same after a reload.
  await expect
    .poll(async () => {
      await page.reload();
      await expect(page.getByText(/^Showing \d+ of/)).toBeVisible();
      return page.getByRole('checkbox', { name: 'All tests passed' }).isChecked();
    })
    .toBe(false);
  await page.getByRole('checkbox', { name: 'All tests passed' }).check();
  await expect(row(page, slug).getByRole('button', { name: `Star ${fileOf(slug).name}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(row(page, slug)).toHaveAttribute('data-struck', 'true');
});

test('the per-person filters follow what the visitor may open: free, unlocked by their products, locked', async ({
  page,
}) => {
  await page.goto('/questions');
  await expect(page.getByText(`Showing ${slugs.length} of ${slugs.length} questions`)).toBeVisible();
  const access = page.getByRole('group', { name: 'Access' });
  await expect(access.getByRole('checkbox')).toHaveCount(3);
  for (const checkbox of await access.getByRole('checkbox').all()) await expect(checkbox).toBeChecked();
  await access.getByRole('checkbox', { name: 'Locked', exact: true }).uncheck();
  await expect(page.getByText(`Showing ${freeSlugs.length} of ${slugs.length} questions`)).toBeVisible();
  await expect(row(page, lockedSlug)).toHaveCount(0);
  // A visitor owns nothing: without the free ones, nothing is left.
  await access.getByRole('checkbox', { name: 'Free', exact: true }).uncheck();
  await expect(page.getByText(`Showing 0 of ${slugs.length} questions`)).toBeVisible();
  await access.getByRole('checkbox', { name: 'Locked', exact: true }).check();
  await expect(
    page.getByText(`Showing ${slugs.length - freeSlugs.length} of ${slugs.length} questions`),
  ).toBeVisible();
  await expect(row(page, freeSlugs[0])).toHaveCount(0);
  await expect(access.getByRole('checkbox', { name: 'Unlocked by my products' })).toBeChecked();
});

test('a learner puts questions in their own order, one place at a time, and finds it again after a reload', async ({
  page,
}) => {
  await page.goto('/questions');
  await signInAsDeveloper(page, uniquePerson('custom-order'));
  await page.getByLabel('Sort by').selectOption('custom');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([/^My order/]);
  const rows = page.locator('li[data-question]');
  await expect(rows).toHaveCount(slugs.length);
  const [first, second, third] = await Promise.all(
    [0, 1, 2].map(async (index) => (await rows.nth(index).getAttribute('data-question'))!),
  );
  await expect(rows.first().getByRole('button', { name: `Move ${fileOf(first).name} up` })).toBeDisabled();
  await expect(rows.last().getByRole('button', { name: /^Move .* down$/ })).toBeDisabled();

  await row(page, third)
    .getByRole('button', { name: `Move ${fileOf(third).name} up` })
    .click();
  await row(page, third)
    .getByRole('button', { name: `Move ${fileOf(third).name} up` })
    .click();
  await row(page, first)
    .getByRole('button', { name: `Move ${fileOf(first).name} down` })
    .click();
  const expected = [third, second, first];
  await expect(rows.nth(0)).toHaveAttribute('data-question', expected[0]);
  await expect(rows.nth(1)).toHaveAttribute('data-question', expected[1]);
  await expect(rows.nth(2)).toHaveAttribute('data-question', expected[2]);

  // Saved in the learner's data: the same order after a reload.
  await expect
    .poll(async () => {
      await page.reload();
      await expect(rows).toHaveCount(slugs.length);
      return Promise.all([0, 1, 2].map((index) => rows.nth(index).getAttribute('data-question')));
    })
    .toEqual(expected);
  await expect(page.getByLabel('Sort by')).toHaveValue('custom');
});
