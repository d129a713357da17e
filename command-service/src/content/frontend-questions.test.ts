/*
 * Every frontend question of `content/frontend/questions` judged for real (headless Chromium in the
 * bubblewrap box): its reference solution passes (every mocha test, or a screenshot equal to its own
 * reference rendering), and its starter loads and does not pass. The set itself must be publishable
 * (frontendQuestionProblems). CONTENT_ONLY=slug,slug judges a few while writing content.
 *
 * In CI (CI=true) a missing sandbox or Chromium fails the suite; elsewhere it skips.
 */
import type { FrontendQuestion } from '@app/contracts';
import type { BrowserJudge } from '../execution/browser/browser-judge';
import { browserJudgeForTests } from '../execution/browser/test-support';
import type { Sandbox } from '../execution/sandbox';
import { frontendQuestionProblems, loadFrontendQuestions } from './frontend-questions';

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
