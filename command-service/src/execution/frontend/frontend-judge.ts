import { Injectable } from '@nestjs/common';
import {
  type Access,
  type Principal,
  type ProblemProductId,
  DomainError,
  decideAccess,
} from '@app/contracts';
import { type PublishedFrontendQuestion, PublishedFrontendQuestions } from '../../content/published-frontend';
import {
  BrowserJudge,
  type FrontendFiles,
  type MochaJudgement,
  type ScreenshotJudgement,
} from '../browser/browser-judge';
import { ExecutionEngine } from '../engine/execution-engine';
import type { Sandbox } from '../sandbox';

const productOwner: Access = { kind: 'owner', product: 'fromPath' };

/** The three files of the learner's page as a request names them. */
export type PageFiles = Record<string, string>;

/**
 * The frontend questions' judge: finds the question (free ones for any signed-in learner, the rest for
 * owners), and runs the learner's page in Chromium in the engine's sandbox and queue (browser-judge.ts):
 * against the question's mocha tests, or rendered and compared with the reference's rendering.
 */
@Injectable()
export class FrontendJudge {
  private judge?: BrowserJudge;

  constructor(
    private readonly engine: ExecutionEngine,
    private readonly questions: PublishedFrontendQuestions,
  ) {}

  async question(
    principal: Principal,
    product: ProblemProductId,
    questionId: string,
    kind: 'mocha' | 'screenshot',
  ): Promise<PublishedFrontendQuestion> {
    const question = await this.questions.find(product, questionId);
    if (!question?.free) {
      const decision = decideAccess(productOwner, principal, product);
      if (!decision.allowed) throw new DomainError(decision.code, decision.message);
    }
    if (!question) throw new DomainError('NOT_FOUND', `There is no question "${questionId}" in ${product}.`);
    if (question.question.kind !== kind)
      throw new DomainError(
        'VALIDATION_FAILED',
        kind === 'mocha'
          ? `"${question.name}" is judged by its screenshot, not by unit tests: submit it as a screenshot.`
          : `"${question.name}" is judged by its unit tests, not by a screenshot: run its tests instead.`,
      );
    return question;
  }

  async mocha(question: PublishedFrontendQuestion, files: PageFiles): Promise<MochaJudgement> {
    if (question.question.kind !== 'mocha' || question.tests === undefined)
      throw new DomainError('VALIDATION_FAILED', `"${question.name}" has no unit tests.`);
    const tests = question.tests;
    const testTimeoutMs = question.question.testTimeoutMs;
    return this.engine.inQueue((sandbox) =>
      this.browser(sandbox).judgeMocha({ ...pageOf(files), question: { tests, testTimeoutMs } }),
    );
  }

  async screenshot(question: PublishedFrontendQuestion, files: PageFiles): Promise<ScreenshotJudgement> {
    const meta = question.question;
    if (meta.kind !== 'screenshot')
      throw new DomainError('VALIDATION_FAILED', `"${question.name}" is not judged by a screenshot.`);
    return this.engine.inQueue((sandbox) =>
      this.browser(sandbox).judgeScreenshot({
        ...pageOf(files),
        question: { reference: question.solution, viewport: meta.viewport, tolerance: meta.tolerance },
      }),
    );
  }

  private browser(sandbox: Sandbox): BrowserJudge {
    this.judge ??= new BrowserJudge(sandbox);
    return this.judge;
  }
}

/** The page from the request's files: index.html, styles.css, script.js (each may be missing: empty). */
export function pageOf(files: PageFiles): FrontendFiles {
  return {
    html: files['index.html'] ?? files.html ?? '',
    css: files['styles.css'] ?? files.css ?? '',
    js: files['script.js'] ?? files.js ?? '',
  };
}
