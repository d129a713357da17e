import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { loginTokenOf, signInAsDeveloper, uniquePerson } from './support/auth';
import { seriousViolations } from './support/axe';
import { editorText, grantRole, typeSolution } from './support/workspace';

/*
 * The frontend, infrastructure, iOS and blockchain tracks (issue 25) on the content the platform published
 * when it started: each product's index counts its parts from the catalogue, a lesson reads, and a learner
 * who owns the product answers a question judged by the server (the blockchain's practice questions, the
 * others' quizzes) and sees it count.
 */
const contentDir = path.resolve(__dirname, '..', '..', 'content');

type ChoiceFile = { slug: string; order: number; prompt: string; explanation: string } & (
  { kind: 'mcq'; choices: string[]; answer: number } | { kind: 'fitb'; answers: string[] }
);
type LessonMeta = { slug: string; title: string; order: number; free: boolean };

const readJson = <T>(...parts: string[]) =>
  JSON.parse(readFileSync(path.join(contentDir, ...parts), 'utf8')) as T;
/** A course's lessons: its folders (a blockchain course also has its assessment.json beside them). */
const lessonsOf = (folder: string) =>
  readdirSync(path.join(contentDir, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => readJson<LessonMeta>(folder, entry.name, 'meta.json'))
    .sort((a, b) => a.order - b.order);
const quizOf = (folder: string) =>
  readdirSync(path.join(contentDir, folder, 'quiz'))
    .map((file) => readJson<ChoiceFile>(folder, 'quiz', file))
    .sort((a, b) => a.order - b.order || (a.slug < b.slug ? -1 : 1));
/** A prompt or choice as the page shows it: its inline Markdown (bold, `code`) rendered. */
const plain = (text: string) => text.replace(/\*\*|`/g, '');

/** Answers the question on screen (right, or with a wrong choice/text) and checks the server's verdict. */
async function answer(page: Page, question: ChoiceFile, right: boolean) {
  const form = page.getByRole('form', { name: plain(question.prompt) });
  if (question.kind === 'mcq') {
    const index = right ? question.answer : (question.answer + 1) % question.choices.length;
    await form.getByRole('radio', { name: plain(question.choices[index]), exact: true }).check();
  } else {
    await form.getByRole('textbox').fill(right ? question.answers[0] : 'certainly not this');
  }
  await form.getByRole('button', { name: 'Check answer' }).click();
  await expect(form.getByRole('status')).toContainText(right ? 'Correct.' : 'Not quite.');
}

async function unlocksOf(page: Page, product: string) {
  const token = (await loginTokenOf(page.context()))!;
  const reply = await page.request.post(`/api/problems/v1/${product}/unlocks/get`, {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  expect(reply.status()).toBe(200);
  return (await reply.json()) as Record<string, number | boolean>;
}

test('blockchain: the index counts each course, a lesson leads to its practice questions, answers are judged and counted', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const course = 'solidity-fundamentals';
  const [first, second] = lessonsOf(path.join('blockchain', course));
  const practice = readJson<ChoiceFile[]>('blockchain', course, first.slug, 'practice.json').sort(
    (a, b) => a.order - b.order,
  );

  await page.goto('/blockchain/index');
  const index = page.getByRole('list', { name: 'BlockchainExpert content' });
  await expect(index.getByRole('link', { name: /Solidity fundamentals/ })).toContainText(
    'Course · 6 lessons',
  );

  // A visitor reads the free first lesson; the next one is locked.
  await page.goto(`/blockchain/${course}/${first.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  await expect(page.locator('.lesson-article__body')).not.toBeEmpty();
  const practicePanel = page.getByRole('region', { name: 'Practice' });
  await expect(practicePanel).toContainText(`${practice.length} questions on this lesson`);
  await page.goto(`/blockchain/${course}/${second.slug}`);
  await expect(page.getByRole('region', { name: 'Locked lesson' })).toContainText('Get BlockchainExpert');

  // Signed in without the product: the practice is locked. Once owned, question 1 is judged.
  await page.goto(`/blockchain/${course}/${first.slug}`);
  await signInAsDeveloper(page, uniquePerson('chain-learner'));
  await practicePanel.getByRole('link', { name: 'Practise this lesson' }).click();
  await expect(page).toHaveURL(new RegExp(`/blockchain/${course}/${first.slug}/practice-questions/1$`));
  await expect(page.getByRole('region', { name: 'Locked practice' })).toContainText('Get BlockchainExpert');
  await grantRole(page, page.request, 'blockchainexpertv1');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Practice question 1' })).toBeVisible();
  const before = await unlocksOf(page, 'blockchainexpert');
  expect(before.numPracticeQuestionsCompleted).toBe(0);
  expect(before.numPracticeQuestionsRequired).toBeGreaterThanOrEqual(100);

  await answer(page, practice[0], false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await answer(page, practice[0], true);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'tests/test-results/practice-question-1280.png', fullPage: true });
  await page.getByRole('link', { name: 'Question 2 →' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Practice question 2' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await answer(page, practice[1], true);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'tests/test-results/practice-question-390.png', fullPage: true });
  await expect(page.getByRole('link', { name: 'Question 1 (right)' })).toBeVisible();

  await expect
    .poll(async () => (await unlocksOf(page, 'blockchainexpert')).numPracticeQuestionsCompleted)
    .toBe(2);
  // The last answers are kept in the user data: a reload shows question 1 answered.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Question 1 (answered)' })).toBeVisible();

  // Question 3's solution revealed without answering: shown with its explanation, kept over a reload,
  // not counted until the learner answers it right.
  await page.getByRole('link', { name: 'Question 3', exact: true }).click();
  const third = page.getByRole('form', { name: plain(practice[2].prompt) });
  await page.getByRole('button', { name: 'Reveal solution' }).click();
  await expect(third.getByRole('status')).toContainText('Solution revealed. The answer:');
  await expect(third.getByRole('status')).toContainText(plain(practice[2].explanation).slice(0, 40));
  await expect(page.getByRole('link', { name: 'Question 3 (revealed)' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.reload();
  await expect(third.getByRole('status')).toContainText('Solution revealed.');
  expect((await unlocksOf(page, 'blockchainexpert')).numPracticeQuestionsCompleted).toBe(2);
  await page.getByRole('button', { name: 'Answer it yourself' }).click();
  await answer(page, practice[2], true);
  await expect
    .poll(async () => (await unlocksOf(page, 'blockchainexpert')).numPracticeQuestionsCompleted)
    .toBe(3);
});

for (const track of [
  {
    product: 'frontendexpert',
    name: 'FrontendExpert',
    folder: 'frontend',
    course: 'html-crash-course',
    route: '/frontend/html',
    quiz: '/frontend/quiz',
    role: 'frontendexpertv1',
    quizTitle: 'Frontend quiz',
  },
  {
    product: 'iosexpert',
    name: 'iOSExpert',
    folder: 'ios',
    course: 'swift-fundamentals',
    route: '/ios/swift-fundamentals',
    quiz: '/ios/quiz',
    role: 'iosexpertv1',
    quizTitle: 'iOS quiz',
  },
  {
    product: 'infraexpert',
    name: 'InfraExpert',
    folder: 'infrastructure',
    course: 'crash-course',
    route: '/infrastructure/crash-course',
    quiz: '/infrastructure/quiz',
    role: 'infraexpertv1',
    quizTitle: 'Infrastructure quiz',
  },
] as const) {
  test(`${track.folder}: a visitor reads the free lesson, an owner opens a locked one and answers the quiz`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const lessons = lessonsOf(path.join(track.folder, track.course));
    const quiz = quizOf(track.folder);
    expect(quiz).toHaveLength(40);

    await page.goto(`/${track.folder}/index`);
    const index = page.getByRole('list', { name: `${track.name} content` });
    await expect(index).toContainText(`Course · ${lessons.length} lessons`);

    await page.goto(`${track.route}/${lessons[0].slug}`);
    await expect(page.getByRole('heading', { level: 1, name: lessons[0].title })).toBeVisible();
    await expect(page.locator('.lesson-article__body')).not.toBeEmpty();
    // iOS lessons say their Swift is for reading, and whether this deployment can run Swift (the engine's).
    if (track.folder === 'ios') {
      const swift = (
        (await (await page.request.get('/api/problems/v1/languages')).json()) as {
          languages: { language: string; available: boolean }[];
        }
      ).languages.find((status) => status.language === 'swift');
      await expect(page.getByRole('note')).toContainText(
        swift?.available
          ? 'The Swift examples are here to read; try them in Xcode'
          : 'The Swift examples are here to read, not to run: this deployment has no Swift toolchain.',
      );
    }
    await page.goto(`${track.route}/${lessons[1].slug}`);
    await expect(page.getByRole('region', { name: 'Locked lesson' })).toContainText(`Get ${track.name}`);

    await signInAsDeveloper(page, uniquePerson(`${track.folder}-learner`));
    await grantRole(page, page.request, track.role);
    await page.reload();
    await expect(page.locator('.lesson-article__body')).not.toBeEmpty();

    await page.goto(track.quiz);
    await expect(page.getByRole('heading', { level: 1, name: track.quizTitle })).toBeVisible();
    await page.getByRole('button', { name: 'Start quiz' }).click();
    await answer(page, quiz[0], true);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('infrastructure: the design questions list, open as a design workspace, and count towards the certificate', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const designDir = path.join(contentDir, 'infrastructure', 'design-questions');
  const design = readdirSync(designDir)
    .map((slug) =>
      readJson<{ slug: string; name: string; order: number }>(
        'infrastructure',
        'design-questions',
        slug,
        'question.json',
      ),
    )
    .sort((a, b) => a.order - b.order);
  await page.goto('/infrastructure/design-questions');
  await expect(page.getByText(`${design.length} questions`)).toBeVisible();
  await signInAsDeveloper(page, uniquePerson('infra-designer'));
  await grantRole(page, page.request, 'infraexpertv1');
  await page.goto(`/infrastructure/design-questions/${design[1].slug}`);
  await expect(page.getByRole('heading', { level: 1, name: design[1].name })).toBeVisible();
  const unlocks = await unlocksOf(page, 'infraexpert');
  expect(unlocks.numQuestionsRequired).toBeGreaterThanOrEqual(design.length);
  expect(unlocks.quizScoreRequired).toBe(80);
});

test('infrastructure: an owner solves a coding question in Python, one of its two languages, and sees it accepted', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.goto('/infrastructure/coding-questions');
  await signInAsDeveloper(page, uniquePerson('infra-coder'));
  await grantRole(page, request, 'infraexpertv1');
  await page.reload();
  const row = page.locator('li[data-question="top-request-paths"]');
  await expect(page.locator('li[data-question]')).toHaveCount(12);
  await row.getByRole('link', { name: 'Top Request Paths' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Top Request Paths' })).toBeVisible();
  await expect(page.locator('[data-editor-ready="true"]')).toBeAttached({ timeout: 20_000 });
  const picker = page.getByRole('combobox', { name: 'Language' });
  await expect(picker.locator('option')).toHaveText([/^Go/, /^Python/]);
  await picker.selectOption('python');
  await expect.poll(() => editorText(page)).toContain('def topPaths(lines, k):');
  await typeSolution(page, [
    'from collections import Counter',
    `def topPaths(lines, k): c = Counter(t[1].split('?')[0] for t in (l[l.find('"') + 1:l.find('"', l.find('"') + 1)].split() if l.count('"') >= 2 else [] for l in lines) if len(t) == 3 and t[1].startswith('/')); return [p + ' ' + str(n) for p, n in sorted(c.items(), key=lambda x: (-x[1], x[0]))[:k]]`,
  ]);
  await page.getByRole('button', { name: 'Submit Code' }).click();
  await expect(
    page
      .getByRole('region', { name: 'Results' })
      .getByText('Submission recorded: All Tests Passed', { exact: false }),
  ).toBeVisible({ timeout: 60_000 });
  const unlocks = await unlocksOf(page, 'infraexpert');
  expect(unlocks.numQuestionsCompleted).toBe(1);
});

test("blockchain: a course's assessment is judged question by question, kept, and counted in the unlocks", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const course = 'web3-tools';
  const assessment = readJson<ChoiceFile[]>('blockchain', course, 'assessment.json').sort(
    (a, b) => a.order - b.order,
  );

  await page.goto(`/blockchain/${course}`);
  await signInAsDeveloper(page, uniquePerson('chain-assessor'));
  await grantRole(page, page.request, 'blockchainexpertv1');
  await page.reload();
  const panel = page.getByRole('region', { name: 'Course assessment' });
  await expect(panel).toContainText(
    `${assessment.length} questions across the whole course · 0 answered right`,
  );
  const before = await unlocksOf(page, 'blockchainexpert');
  expect(before.numAssessmentQuestionsCompleted).toBe(0);
  expect(before.numAssessmentQuestionsRequired).toBeGreaterThanOrEqual(48);
  expect(before.hasUnlockedLatestCert).toBe(false);

  // Question 1 answered wrong, question 2 right: each verdict comes from the server.
  await panel.getByRole('link', { name: 'Take the course assessment' }).click();
  await expect(page).toHaveURL(new RegExp(`/blockchain/${course}/assessment/1$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Assessment question 1' })).toBeVisible();
  await answer(page, assessment[0], false);
  await expect(page.getByRole('link', { name: 'Question 1 (wrong)' })).toBeVisible();
  await page.getByRole('link', { name: 'Question 2 →' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Assessment question 2' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await answer(page, assessment[1], true);
  await expect(page.getByRole('link', { name: 'Question 2 (right)' })).toBeVisible();
  await expect(page.getByText('1 of 8 answered right')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'tests/test-results/course-assessment-390.png', fullPage: true });
  await expect
    .poll(async () => (await unlocksOf(page, 'blockchainexpert')).numAssessmentQuestionsCompleted)
    .toBe(1);

  // A reload keeps both: the right answer from the server, the wrong one from the user data.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Question 2 (right)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Question 1 (wrong)' })).toBeVisible();
  await expect(
    page.getByRole('form', { name: plain(assessment[1].prompt) }).getByRole('status'),
  ).toContainText('Correct.');
  await page.goto(`/blockchain/${course}`);
  await expect(panel).toContainText('1 answered right');

  // A question the assessment does not have: the not-found text, back to the index.
  await page.goto(`/blockchain/${course}/assessment/99`);
  await expect(
    page.getByText("This question doesn't exist. Make sure you have the correct url", { exact: false }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back To Index' }).click();
  await expect(page).toHaveURL(/\/blockchain\/index$/);
});
