import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  type BrowserTestResult,
  type RunResponse,
  type ScreenshotComparison,
  type Submission,
  submissionsStreamId,
} from '@app/contracts';
import { EventAppender } from '../../../infrastructure/event-appender';
import { ExecutionEngine } from '../../engine/execution-engine';
import { FrontendJudge } from '../../frontend/frontend-judge';
import { CreateFrontendSubmissionCommand } from './create-frontend-submission.command';
import { decideFrontendSubmission } from './decide-frontend-submission';

export type FrontendSubmissionAnswer = {
  position: string;
  run: RunResponse;
  submission: Submission;
  tests?: BrowserTestResult[];
  blockedRequests: string[];
  screenshot?: ScreenshotComparison;
};

/**
 * Finds the question (free ones for any signed-in learner, the rest for owners; the call must match how
 * it is judged), checks the learner's run rate, judges the page in Chromium in the engine's queue, then
 * appends the decision: the tests passed of a mocha question, one check for a screenshot.
 */
@CommandHandler(CreateFrontendSubmissionCommand)
export class CreateFrontendSubmissionHandler implements ICommandHandler<
  CreateFrontendSubmissionCommand,
  FrontendSubmissionAnswer
> {
  constructor(
    private readonly judge: FrontendJudge,
    private readonly engine: ExecutionEngine,
    private readonly appender: EventAppender,
  ) {}

  async execute(command: CreateFrontendSubmissionCommand): Promise<FrontendSubmissionAnswer> {
    const { request, context } = command;
    const question = await this.judge.question(
      request.principal,
      request.product,
      request.questionId,
      request.judge,
    );
    await this.engine.admit(request.principal.userId);
    const started = performance.now();
    let answer: Omit<FrontendSubmissionAnswer, 'position' | 'submission'>;
    let passed: number;
    let total: number;
    if (request.judge === 'mocha') {
      const judged = await this.judge.mocha(question, request.files);
      passed = judged.tests.filter((test) => test.passed).length;
      total = Math.max(1, judged.tests.length);
      answer = {
        run: judged.response,
        tests: judged.tests.map(({ durationMs: _duration, ...test }) => test),
        blockedRequests: judged.blockedRequests,
      };
    } else {
      const judged = await this.judge.screenshot(question, request.files);
      passed = judged.status === 'screenshotSubmissionPassed' ? 1 : 0;
      total = 1;
      const meta = question.question;
      answer = {
        run: judged.response,
        blockedRequests: judged.blockedRequests,
        screenshot: {
          diffRatio: judged.diffRatio,
          maxDiffRatio: meta.kind === 'screenshot' ? meta.tolerance.maxDiffRatio : 0,
          diffImage: judged.diffImage,
          image: judged.screenshot,
          blockedRequests: judged.blockedRequests,
        },
      };
    }
    const events = decideFrontendSubmission(command, {
      slug: question.slug,
      version: question.version,
      testsPassed: passed,
      testsTotal: total,
      durationMs: Math.round(performance.now() - started),
    });
    const occurredAt = new Date();
    const appended = await this.appender.append(submissionsStreamId(request.principal.userId), events, {
      actor: context.actor,
      correlationId: context.correlationId,
      occurredAt,
    });
    return {
      ...answer,
      position: appended.position,
      submission: {
        questionId: question.slug,
        status: events[0].data.status,
        timestamp: occurredAt.toISOString(),
      },
    };
  }
}
