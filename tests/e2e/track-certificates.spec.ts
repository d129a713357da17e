import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loginTokenOf, signInAsDeveloper, uniquePerson } from './support/auth';
import { seriousViolations } from './support/axe';
import { grantRole } from './support/workspace';

/*
 * Certificates of the tracks of issue 25, as a learner earns them: the index shows the progress the
 * product counts (iOS: its quiz; blockchain: its practice and assessment questions), the answers go
 * through the real calls, then the learner generates the certificate on the index and its id verifies.
 */
const contentDir = path.resolve(__dirname, '..', '..', 'content');
type ChoiceFile = { slug: string; kind: 'mcq' | 'fitb'; answer?: number; answers?: string[] };
const readJson = <T>(...parts: string[]) =>
  JSON.parse(readFileSync(path.join(contentDir, ...parts), 'utf8')) as T;
const rightAnswer = (question: ChoiceFile) =>
  question.kind === 'mcq' ? question.answer! : question.answers![0]!;

async function post(request: APIRequestContext, token: string, url: string, data: unknown) {
  const reply = await request.post(url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(reply.status(), `${url}: ${await reply.text()}`).toBe(200);
  return (await reply.json()) as Record<string, unknown>;
}

/** Generates the certificate on the index and checks its PDF link and public verification page. */
async function generateAndVerify(page: Page, productName: string) {
  await page.getByRole('button', { name: 'Generate Certificate' }).click();
  const download = page.getByRole('link', { name: 'Download Certificate' });
  await expect(download).toBeVisible();
  const pdfUrl = (await download.getAttribute('href'))!;
  expect(pdfUrl).toMatch(/^\/api\/certificates\/v1\/[0-9a-f-]{36}\.pdf$/);
  const pdf = await page.request.get(pdfUrl);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await page.getByRole('link', { name: 'Verification page' }).click();
  const main = page.getByRole('main');
  await expect(main.getByText('This certificate is valid.')).toBeVisible();
  await expect(main.getByText(productName, { exact: true })).toBeVisible();
}

test('iOS: the certificate is earned by the quiz at 80 % and generated on the index', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/ios/index');
  await expect(
    page.getByText('Sign in to track your progress and earn the iOSExpert certificate.'),
  ).toBeVisible();
  await signInAsDeveloper(page, uniquePerson('ios-certificate'));
  await grantRole(page, page.request, 'iosexpertv1');
  await page.reload();
  const summary = page.getByRole('region', { name: 'Your progress' });
  await expect(summary).toContainText('Quiz: best score 0% (80% needed)');
  await expect(summary).toContainText('Score 80% or more on the quiz to earn the iOSExpert certificate');
  await expect(summary.getByRole('button', { name: 'Generate Certificate' })).toHaveCount(0);

  const token = (await loginTokenOf(page.context()))!;
  const quiz = readdirSync(path.join(contentDir, 'ios', 'quiz')).map((file) =>
    readJson<ChoiceFile>('ios', 'quiz', file),
  );
  // 36 of 40 right (90 %): more than the 80 % the certificate asks for, not all of it.
  const answers = Object.fromEntries(
    quiz.map((question, index) => [
      question.slug,
      index < 36 ? rightAnswer(question) : question.kind === 'mcq' ? (question.answer! + 1) % 2 : 'no',
    ]),
  );
  await post(page.request, token, '/api/problems/v1/iosexpert/quiz/start', { id: 'iosexpert' });
  await post(page.request, token, '/api/problems/v1/iosexpert/quiz/finish', { id: 'iosexpert', answers });
  await expect
    .poll(async () => {
      await page.reload();
      // Read once the progress has loaded (right after a reload it says "Loading your progress…").
      await expect(summary).toContainText('Quiz: best score');
      return summary.textContent();
    })
    .toContain('Quiz: best score 90% (80% needed)');
  expect(await seriousViolations(page)).toEqual([]);
  await generateAndVerify(page, 'iOSExpert');
});

test('blockchain: every practice and assessment question answered right earns the certificate', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto('/blockchain/index');
  await signInAsDeveloper(page, uniquePerson('chain-certificate'));
  await grantRole(page, page.request, 'blockchainexpertv1');
  await page.reload();
  const summary = page.getByRole('region', { name: 'Your progress' });
  const practiceBar = summary.getByRole('progressbar', { name: 'Practice questions answered right' });
  const assessmentBar = summary.getByRole('progressbar', { name: 'Assessment questions answered right' });
  await expect(practiceBar).toHaveAttribute('aria-valuenow', '0');
  await expect(summary).toContainText(
    'Answer every practice question and every course assessment question right',
  );

  const courses = readdirSync(path.join(contentDir, 'blockchain'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !['projects', 'questions'].includes(entry.name))
    .map((entry) => entry.name);
  const practice = courses.flatMap((course) =>
    readdirSync(path.join(contentDir, 'blockchain', course), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((lesson) => readJson<ChoiceFile[]>('blockchain', course, lesson.name, 'practice.json')),
  );
  const assessment = courses.flatMap((course) =>
    readJson<ChoiceFile[]>('blockchain', course, 'assessment.json'),
  );
  await expect(practiceBar).toHaveAttribute('aria-valuemax', String(practice.length));
  await expect(assessmentBar).toHaveAttribute('aria-valuemax', String(assessment.length));

  const token = (await loginTokenOf(page.context()))!;
  const queue = [...practice, ...assessment];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let question = queue.shift(); question; question = queue.shift()) {
        const reply = await post(
          page.request,
          token,
          `/api/problems/v1/blockchainexpert/submissions/${question.kind}/create`,
          { questionId: question.slug, answers: [String(rightAnswer(question))] },
        );
        expect(reply.correct, question.slug).toBe(true);
      }
    }),
  );
  await expect
    .poll(async () => {
      await page.reload();
      return practiceBar.getAttribute('aria-valuenow');
    })
    .toBe(String(practice.length));
  await expect(assessmentBar).toHaveAttribute('aria-valuenow', String(assessment.length));
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'tests/test-results/blockchain-certificate-1280.png', fullPage: true });
  await generateAndVerify(page, 'BlockchainExpert');
});

test('frontend: every coding question judged right in Chromium and the quiz at 80 % earn the certificate', async ({
  page,
}) => {
  test.setTimeout(420_000);
  await page.goto('/frontend/index');
  await signInAsDeveloper(page, uniquePerson('frontend-certificate'));
  await grantRole(page, page.request, 'frontendexpertv1');
  await page.reload();
  const summary = page.getByRole('region', { name: 'Your progress' });
  const bar = summary.getByRole('progressbar', { name: 'Questions completed' });
  const questionsDir = path.join(contentDir, 'frontend', 'questions');
  const questions = readdirSync(questionsDir).map((slug) =>
    readJson<{ slug: string; kind: 'mocha' | 'screenshot' }>('frontend', 'questions', slug, 'question.json'),
  );
  await expect(bar).toHaveAttribute('aria-valuemax', String(questions.length));
  await expect(bar).toHaveAttribute('aria-valuenow', '0');

  const token = (await loginTokenOf(page.context()))!;
  const filesOf = (slug: string) =>
    Object.fromEntries(
      ['index.html', 'styles.css', 'script.js'].map((file) => [
        file,
        readFileSync(path.join(questionsDir, slug, 'solution', file), 'utf8'),
      ]),
    );
  const queue = [...questions];
  await Promise.all(
    Array.from({ length: 2 }, async () => {
      for (let question = queue.shift(); question; question = queue.shift()) {
        const call =
          question.kind === 'mocha'
            ? 'submissions/frontend-question/mocha/create'
            : 'submissions/screenshot/create';
        for (;;) {
          const reply = await page.request.post(`/api/problems/v1/frontendexpert/${call}`, {
            headers: { authorization: `Bearer ${token}` },
            data: { questionId: question.slug, files: filesOf(question.slug) },
            timeout: 120_000,
          });
          // The engine allows a learner so many runs a minute: wait the time it names, then again.
          if (reply.status() === 429) {
            const { message } = (await reply.json()) as { message: string };
            await new Promise((resolve) =>
              setTimeout(resolve, Number(/in (\d+) seconds?/.exec(message)?.[1] ?? 5) * 1000 + 250),
            );
            continue;
          }
          expect(reply.status(), `${question.slug}: ${await reply.text()}`).toBe(200);
          const body = (await reply.json()) as { submission: { status: string } };
          expect(body.submission.status, question.slug).toBe('CORRECT');
          break;
        }
      }
    }),
  );
  await expect
    .poll(async () => {
      await page.reload();
      return bar.getAttribute('aria-valuenow');
    })
    .toBe(String(questions.length));
  await expect(summary).toContainText('Quiz: best score 0% (80% needed)');
  await expect(summary.getByRole('button', { name: 'Generate Certificate' })).toHaveCount(0);

  const quiz = readdirSync(path.join(contentDir, 'frontend', 'quiz')).map((file) =>
    readJson<ChoiceFile>('frontend', 'quiz', file),
  );
  const answers = Object.fromEntries(quiz.map((question) => [question.slug, rightAnswer(question)]));
  await post(page.request, token, '/api/problems/v1/frontendexpert/quiz/start', { id: 'frontendexpert' });
  await post(page.request, token, '/api/problems/v1/frontendexpert/quiz/finish', {
    id: 'frontendexpert',
    answers,
  });
  await expect
    .poll(async () => {
      await page.reload();
      // Read once the progress has loaded (right after a reload it says "Loading your progress…").
      await expect(summary).toContainText('Quiz: best score');
      return summary.textContent();
    })
    .toContain('Quiz: best score 100% (80% needed)');
  expect(await seriousViolations(page)).toEqual([]);
  await generateAndVerify(page, 'FrontendExpert');
});
