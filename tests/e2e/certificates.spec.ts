import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loginTokenOf, signInAsDeveloper, uniquePerson } from './support/auth';
import { E2E_STAFF_TOKEN } from './support/environment';

/*
 * Progress and certificates for algorithms (spec 3, Certificate and Unlock progress): a learner who
 * submitted a correct solution to every published question sees M / M on the question list, issues
 * the certificate, downloads its PDF, and anyone can check its id on the public verification page.
 */
const questionsDir = path.resolve(__dirname, '..', '..', 'content', 'algorithms', 'questions');
const solutionOf = (slug: string) =>
  readFileSync(path.join(questionsDir, slug, 'solutions', 'javascript'), 'utf8');

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ rule: violation.id, targets: violation.nodes.map((n) => n.target.join(' ')) }));
}

/**
 * Submits the reference JavaScript solution of each question through the real API, a few at a time.
 * The engine allows a learner 30 runs a minute: a 429 waits the time it names, then tries again.
 */
async function submitAll(request: APIRequestContext, token: string, slugs: readonly string[]) {
  const queue = [...slugs];
  const submitOne = async (slug: string) => {
    for (;;) {
      const answer = await request.post('/api/problems/v1/algoexpert/submissions/create', {
        headers: { authorization: `Bearer ${token}` },
        data: { questionId: slug, language: 'javascript', code: solutionOf(slug) },
        timeout: 60_000,
      });
      if (answer.status() === 429) {
        const { message } = (await answer.json()) as { message: string };
        const seconds = Number(/in (\d+) seconds?/.exec(message)?.[1] ?? 5);
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 250));
        continue;
      }
      expect(answer.status(), `${slug}: ${await answer.text()}`).toBe(200);
      const body = (await answer.json()) as { submission: { status: string } };
      expect(body.submission.status, slug).toBe('CORRECT');
      return;
    }
  };
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let slug = queue.shift(); slug; slug = queue.shift()) await submitOne(slug);
    }),
  );
}

test('signed-out visitors get a one-line invitation instead of progress', async ({ page }) => {
  await page.goto('/questions');
  await expect(page.getByRole('heading', { level: 1, name: 'Coding questions' })).toBeVisible();
  await expect(
    page.getByText('Sign in to track your progress and earn the AlgoExpert certificate.'),
  ).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
});

test('a learner who completed every question generates the certificate, downloads its PDF, and the id verifies', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const person = uniquePerson('certificate');
  await page.goto('/questions');
  await signInAsDeveloper(page, person);
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

  // Nothing done yet: 0 of every published question, no certificate to generate.
  const listed = await request.post('/api/problems/v1/algoexpert/coding-questions/list', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  const published = ((await listed.json()) as { questions: { id: string }[] }).questions.map((q) => q.id);
  expect(published.length).toBeGreaterThan(0);
  const total = published.length;
  const progress = page.getByRole('progressbar', { name: 'Questions completed' });
  await expect(progress).toHaveAttribute('aria-valuenow', '0');
  await expect(progress).toHaveAttribute('aria-valuemax', String(total));
  await expect(page.getByText(`0 / ${total} questions completed`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate Certificate' })).toHaveCount(0);

  await submitAll(request, token, published);

  await page.reload();
  await expect(page.getByText(`${total} / ${total} questions completed`)).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', String(total));
  await expect(page.getByText('Current streak: 1 day · Longest streak: 1 day')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Generate Certificate' }).click();
  const download = page.getByRole('link', { name: 'Download Certificate' });
  await expect(download).toBeVisible();
  const pdfUrl = (await download.getAttribute('href'))!;
  expect(pdfUrl).toMatch(/^\/api\/certificates\/v1\/[0-9a-f-]{36}\.pdf$/);
  const pdf = await request.get(pdfUrl);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // The issued certificate is listed with the learner's others.
  const certificateId = /v1\/([0-9a-f-]{36})\.pdf$/.exec(pdfUrl)![1];
  await expect(page.getByRole('link', { name: 'Verification page' })).toHaveAttribute(
    'href',
    `/certificates/${certificateId}`,
  );

  // The public verification page, as anyone sees it (no sign-in needed).
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/certificates/${certificateId}`);
  const main = visitor.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Certificate verification' })).toBeVisible();
  await expect(main.getByText('This certificate is valid.')).toBeVisible();
  await expect(main.getByText(person.name, { exact: true })).toBeVisible();
  await expect(main.getByText('AlgoExpert', { exact: true })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Open the certificate (PDF)' })).toHaveAttribute(
    'href',
    pdfUrl,
  );
  expect(await seriousViolations(visitor)).toEqual([]);
  await visitorContext.close();
});

test('an id nobody was issued says so on the verification page', async ({ page }) => {
  await page.goto('/certificates/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Certificate verification' })).toBeVisible();
  await expect(page.getByText('No certificate has this id.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/certificates/not-an-id');
  await expect(page.getByText('No certificate has this id.')).toBeVisible();
});
