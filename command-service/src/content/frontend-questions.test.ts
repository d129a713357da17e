/*
 * Every frontend question of `content/frontend/questions` judged for real (headless Chromium in the
 * bubblewrap box): its reference solution passes (every mocha test, or a screenshot equal to its own
 * reference rendering), and its starter loads and does not pass. The set itself must be publishable
 * (frontendQuestionProblems). CONTENT_ONLY=slug,slug judges a few while writing content.
 *
 * In CI (CI=true) a missing sandbox or Chromium fails the suite; elsewhere it skips.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FrontendQuestion } from '@app/contracts';
import type { BrowserJudge } from '../execution/browser/browser-judge';
import { browserJudgeForTests } from '../execution/browser/test-support';
import type { Sandbox } from '../execution/sandbox';
import { ContentError } from './content-files';
import { frontendQuestionProblems, frontendQuestionsDir, loadFrontendQuestions } from './frontend-questions';

const only = process.env.CONTENT_ONLY?.split(',').filter(Boolean);
const allQuestions = loadFrontendQuestions();
const questions = only ? allQuestions.filter((question) => only.includes(question.slug)) : allQuestions;
let sandbox: Sandbox | undefined;
let judge: BrowserJudge | undefined;

beforeAll(async () => {
  const found = await browserJudgeForTests();
  sandbox = found?.sandbox;
  judge = found?.judge;
}, 60_000);

afterAll(async () => {
  await sandbox?.close?.();
});

describe('the frontend questions loader', () => {
  let root: string;
  const copy = (slug: string, as = slug) => {
    const target = join(frontendQuestionsDir(root), as);
    cpSync(join(frontendQuestionsDir(), slug), target, { recursive: true });
    return target;
  };
  const editJson = (folder: string, edit: (json: Record<string, unknown>) => void) => {
    const json = JSON.parse(readFileSync(join(folder, 'question.json'), 'utf8')) as Record<string, unknown>;
    edit(json);
    writeFileSync(join(folder, 'question.json'), JSON.stringify(json));
  };
  beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'frontend-content-'))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('reads a mocha and a screenshot question with their files', () => {
    copy('debounce');
    copy('centered-card');
    const [card, debounce] = loadFrontendQuestions(root);
    expect(debounce).toMatchObject({ slug: 'debounce', kind: 'mocha', testTimeoutMs: 2000 });
    expect(debounce.tests).toContain('describe(');
    expect(debounce.solution.js).toContain('function debounce');
    expect(card).toMatchObject({
      slug: 'centered-card',
      kind: 'screenshot',
      viewport: { width: 800, height: 600 },
    });
    expect(card.tests).toBeUndefined();
  });

  it('refuses a slug that is not its folder name', () => {
    copy('debounce', 'debounce-two');
    expect(() => loadFrontendQuestions(root)).toThrow(
      new ContentError('frontend question debounce-two: its slug says debounce'),
    );
  });

  it('refuses a mocha question without tests.js and a screenshot question with one', () => {
    unlinkSync(join(copy('debounce'), 'tests.js'));
    expect(() => loadFrontendQuestions(root)).toThrow('frontend question debounce/tests.js: missing');
    rmSync(join(frontendQuestionsDir(root), 'debounce'), { recursive: true });
    writeFileSync(join(copy('centered-card'), 'tests.js'), "it('x', () => {});");
    expect(() => loadFrontendQuestions(root)).toThrow('a screenshot question has no tests.js');
  });

  it('refuses fields outside the schema', () => {
    editJson(copy('debounce'), (json) => (json.difficulty = 4));
    expect(() => loadFrontendQuestions(root)).toThrow(ContentError);
  });

  it('refuses a page that does not load its stylesheet and script', () => {
    const folder = copy('debounce');
    writeFileSync(join(folder, 'starter', 'index.html'), '<!doctype html><p>no links</p>');
    expect(() => loadFrontendQuestions(root)).toThrow(
      'starter/index.html: it must link styles.css and load script.js',
    );
  });

  it('finds what a set of questions lacks', () => {
    copy('debounce');
    expect(frontendQuestionProblems(loadFrontendQuestions(root))).toEqual([
      '1 frontend questions, at least 15 needed',
      '0 screenshot questions, at least 3 needed',
    ]);
  });
});

describe('the frontend questions', () => {
  it('are at least 15, three of them screenshot questions, over every category', () => {
    expect(frontendQuestionProblems(allQuestions)).toEqual([]);
    const categories = new Set(allQuestions.map((question) => question.category));
    expect(categories.size).toBeGreaterThanOrEqual(4);
    expect(new Set(allQuestions.map((question) => question.difficulty))).toEqual(new Set([1, 2, 3]));
  });

  const judgeOf = (question: FrontendQuestion, files: FrontendQuestion['solution']) => {
    if (question.kind === 'mocha') {
      return judge!.judgeMocha({
        ...files,
        question: { tests: question.tests!, testTimeoutMs: question.testTimeoutMs },
      });
    }
    return judge!.judgeScreenshot({
      ...files,
      question: { reference: question.solution, viewport: question.viewport, tolerance: question.tolerance },
    });
  };

  describe.each(questions.map((question) => [question.slug, question] as const))('%s', (_slug, question) => {
    it('passes with its reference solution', async () => {
      if (!judge) return;
      const judged = await judgeOf(question, question.solution);
      const failed = judged.response.TestResults.filter((result) => !result.Matches);
      expect({ status: judged.status, failed }).toEqual({
        status: question.kind === 'mocha' ? 'unitTestsPassed' : 'screenshotSubmissionPassed',
        failed: [],
      });
      if (judged.status === 'unitTestsPassed' && 'tests' in judged) {
        expect(judged.tests.length).toBeGreaterThanOrEqual(6);
      }
      expect(judged.blockedRequests).toEqual([]);
    }, 60_000);

    it('loads its starter, which does not pass', async () => {
      if (!judge) return;
      const judged = await judgeOf(question, question.starter);
      expect(judged.status).toBe(
        question.kind === 'mocha' ? 'unitTestsFailed' : 'screenshotSubmissionFailed',
      );
      if ('tests' in judged) {
        // The page and the tests loaded: every test ran and reported (none is the judge's own).
        expect(judged.tests.map((test) => test.title)).not.toContain('The page loads');
        expect(judged.tests.map((test) => test.title)).not.toContain('The tests load');
        expect(
          judged.tests.every((test) => test.error?.type !== 'NOT_RUN' && test.error?.type !== 'TIMEOUT'),
        ).toBe(true);
      } else {
        expect(judged.screenshot).not.toBeNull();
      }
    }, 60_000);
  });
});
