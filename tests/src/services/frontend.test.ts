import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SignedInUser, signInWithRoles } from './identity-support';
import { type Platform, call, startPlatform } from './platform-harness';

/*
 * The frontend track's browser judge over HTTP (issue 25): three questions of the repository's content
 * published at start (a free mocha one, a locked mocha one, a free screenshot one), listed by the
 * catalogue, run with run-mocha and submitted with submissions/frontend-question/mocha/create and
 * submissions/screenshot/create: the learner's page in Chromium inside the sandbox. Submissions count
 * towards the frontend's unlock progress.
 */
const repoQuestions = path.resolve(__dirname, '..', '..', '..', 'content', 'frontend', 'questions');
const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'frontend-content-'));
const slugs = ['debounce', 'throttle', 'centered-card'];
for (const slug of slugs)
  fs.cpSync(path.join(repoQuestions, slug), path.join(contentDir, 'frontend', 'questions', slug), {
    recursive: true,
  });
const filesOf = (slug: string, which: 'starter' | 'solution') =>
  Object.fromEntries(
    ['index.html', 'styles.css', 'script.js'].map((file) => [
      file,
      fs.readFileSync(path.join(repoQuestions, slug, which, file), 'utf8'),
    ]),
  );

let platform: Platform;
let owner: SignedInUser;
let learner: SignedInUser;

const frontend = <T>(callPath: string, json: unknown, token?: string) =>
  call<T>(platform.url, `/api/problems/v1/frontendexpert/${callPath}`, { json, token });

type Tests = { title: string; passed: boolean; error: { type: string; reason: string } | null }[];
type MochaAnswer = {
  TestResults: { Matches: boolean }[];
  tests: Tests;
  submission?: { questionId: string; status: string };
  position?: string;
};
type ScreenshotAnswer = {
  submission: { status: string };
  screenshot: {
    diffRatio: number | null;
    maxDiffRatio: number;
    diffImage: string | null;
    image: string | null;
  };
};

beforeAll(async () => {
  platform = await startPlatform({ env: { PUBLISH_CONTENT: 'true', CONTENT_DIR: contentDir } });
  owner = await signInWithRoles(platform.url, ['frontendexpertv1'], 'frontend-owner');
  learner = await signInWithRoles(platform.url, [], 'frontend-learner');
}, 120_000);

afterAll(async () => {
  await platform?.close();
  fs.rmSync(contentDir, { recursive: true, force: true });
});

describe('frontend questions', () => {
  it('are listed by the catalogue; get answers the starter files, the tests and how they are judged', async () => {
    const list = await frontend<{ questions: { id: string; acl: { isAvailable: boolean } }[] }>(
      'coding-questions/list',
      {},
      learner.token,
    );
    expect(list.status).toBe(200);
    expect(list.body.questions.map((q) => [q.id, q.acl.isAvailable]).sort()).toEqual([
      ['centered-card', true],
      ['debounce', true],
      ['throttle', false],
    ]);
    const debounce = await frontend<Record<string, unknown>>('coding-questions/get', { name: 'debounce' });
    expect(debounce.body).toMatchObject({
      judge: 'mocha',
      starterFiles: { js: filesOf('debounce', 'starter')['script.js'] },
      testsSource: expect.stringContaining('describe('),
    });
    const card = await frontend<Record<string, unknown>>('coding-questions/get', { name: 'centered-card' });
    expect(card.body).toMatchObject({ judge: 'screenshot', viewport: expect.any(Object) });
  });

  it('run-mocha passes the reference and fails the starter, per test, recording nothing', async () => {
    const solved = await frontend<MochaAnswer>(
      'run-mocha',
      { questionId: 'debounce', files: filesOf('debounce', 'solution') },
      learner.token,
    );
    expect(solved.status).toBe(200);
    expect(solved.body.tests.length).toBeGreaterThanOrEqual(6);
    expect(solved.body.tests.every((t) => t.passed)).toBe(true);
    const started = await frontend<MochaAnswer>(
      'run-mocha',
      { questionId: 'debounce', files: filesOf('debounce', 'starter') },
      learner.token,
    );
    expect(started.body.tests.some((t) => !t.passed && t.error?.reason)).toBe(true);
    expect(solved.body.submission).toBeUndefined();
  }, 90_000);

  it('mocha/create records the outcome; unlock progress counts the question once it is right', async () => {
    const before = await frontend<{ numQuestionsCompleted: number; numQuestionsRequired: number }>(
      'unlocks/get',
      {},
      owner.token,
    );
    expect(before.body).toMatchObject({ numQuestionsCompleted: 0, numQuestionsRequired: 3 });
    const wrong = await frontend<MochaAnswer>(
      'submissions/frontend-question/mocha/create',
      { questionId: 'throttle', files: filesOf('throttle', 'starter') },
      owner.token,
    );
    expect(wrong.status).toBe(200);
    expect(wrong.body.submission?.status).not.toBe('CORRECT');
    const right = await frontend<MochaAnswer>(
      'submissions/frontend-question/mocha/create',
      { questionId: 'throttle', files: filesOf('throttle', 'solution') },
      owner.token,
    );
    expect(right.body.submission).toMatchObject({ questionId: 'throttle', status: 'CORRECT' });
    const after = await call<{ numQuestionsCompleted: number }>(
      platform.url,
      '/api/problems/v1/frontendexpert/unlocks/get',
      { json: {}, token: owner.token, headers: { 'x-min-position': right.body.position ?? '0.0' } },
    );
    expect(after.body.numQuestionsCompleted).toBe(1);
  }, 90_000);

  it('screenshot/create passes the reference rendering and fails an empty page, with the diff image', async () => {
    const solved = await frontend<ScreenshotAnswer>(
      'submissions/screenshot/create',
      { questionId: 'centered-card', files: filesOf('centered-card', 'solution') },
      learner.token,
    );
    expect(solved.status).toBe(200);
    expect(solved.body.submission.status).toBe('CORRECT');
    expect(solved.body.screenshot.diffRatio).toBeLessThanOrEqual(solved.body.screenshot.maxDiffRatio);
    const blank = await frontend<ScreenshotAnswer>(
      'submissions/screenshot/create',
      { questionId: 'centered-card', files: filesOf('centered-card', 'starter') },
      learner.token,
    );
    expect(blank.body.submission.status).toBe('INCORRECT');
    expect(blank.body.screenshot.diffRatio).toBeGreaterThan(blank.body.screenshot.maxDiffRatio);
    expect(blank.body.screenshot.diffImage).toEqual(expect.any(String));
  }, 90_000);

  it('refuses a locked question to non-owners (403), an unknown one (404), the wrong judge and bad files (400)', async () => {
    const files = filesOf('throttle', 'solution');
    expect((await frontend('run-mocha', { questionId: 'throttle', files }, learner.token)).status).toBe(403);
    expect((await frontend('run-mocha', { questionId: 'nothing-here', files }, owner.token)).status).toBe(
      404,
    );
    const wrongJudge = await frontend<{ code: string; message: string }>(
      'submissions/screenshot/create',
      { questionId: 'debounce', files },
      owner.token,
    );
    expect(wrongJudge.status).toBe(400);
    expect(wrongJudge.body.message).toContain('unit tests');
    const tooMany = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}.js`, '']));
    expect(
      (await frontend('run-mocha', { questionId: 'debounce', files: tooMany }, owner.token)).status,
    ).toBe(400);
  }, 60_000);
});
