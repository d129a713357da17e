import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { type RunResponse, type Submission, submissionsStreamId } from '@app/contracts';
import { PG_POOL, PgEventStore } from '@app/server-kit';
import { EventAppender } from '../../../infrastructure/event-appender';
import { CompleteAssessmentCommand } from '../../../learning/assessments/complete-assessment/complete-assessment.command';
import { ExecutionEngine } from '../../engine/execution-engine';
import { CreateSubmissionCommand } from './create-submission.command';
import { decideCreateSubmission } from './decide-create-submission';

export type SubmissionAnswer = { position: string; run: RunResponse; submission: Submission };

/** Finished submissions kept to answer retries of the same submission id without running again. */
const REMEMBERED_SUBMISSIONS = 2000;

/**
 * Judges every test, hidden ones included, then appends the decision. A double click or a retry
 * with the same submission id runs once and is stored once: concurrent duplicates share the first
 * request's run, later ones get the remembered answer, and after a restart the stored event answers.
 */
@CommandHandler(CreateSubmissionCommand)
export class CreateSubmissionHandler implements ICommandHandler<CreateSubmissionCommand, SubmissionAnswer> {
  private readonly inFlight = new Map<string, Promise<SubmissionAnswer>>();
  private readonly finished = new Map<string, SubmissionAnswer>();
  private readonly store: PgEventStore;

  constructor(
    private readonly engine: ExecutionEngine,
    private readonly appender: EventAppender,
    private readonly commandBus: CommandBus,
    @Inject(PG_POOL) pool: Pool,
  ) {
    this.store = new PgEventStore(pool);
  }

  async execute(command: CreateSubmissionCommand): Promise<SubmissionAnswer> {
    const { principal, product, questionId, questionVersion, submissionId } = command.request;
    const question = await this.engine.question(principal, product, questionId, questionVersion);
    this.engine.checkLanguage(question, command.request.language);
    const key = `${principal.userId}:${submissionId}`;
    const done = this.finished.get(key);
    if (done) return done;
    let pending = this.inFlight.get(key);
    if (!pending) {
      await this.engine.admit(principal.userId);
      pending = this.judgeAndAppend(command, question);
      this.inFlight.set(key, pending);
      pending
        .then((answer) => this.remember(key, answer))
        .catch(() => undefined)
        .finally(() => this.inFlight.delete(key));
    }
    return pending;
  }

  private async judgeAndAppend(
    command: CreateSubmissionCommand,
    question: Awaited<ReturnType<ExecutionEngine['question']>>,
  ): Promise<SubmissionAnswer> {
    const { request, context } = command;
    const started = performance.now();
    const run = await this.engine.judge(request.language, question, request.code, question.tests);
    const results = run.result.compileError ? [] : run.result.results;
    const events = decideCreateSubmission(command, {
      questionSlug: question.slug,
      questionVersion: question.version,
      testsPassed: results.filter((t) => t.passed).length,
      testsTotal: question.tests.length,
      durationMs: Math.round(performance.now() - started),
    });
    const occurredAt = new Date();
    const appended = await this.appender.append(submissionsStreamId(request.principal.userId), events, {
      actor: context.actor,
      correlationId: context.correlationId,
      occurredAt,
    });
    const stored = appended.idempotent ? await this.storedSubmission(request.submissionId) : undefined;
    const position = await this.completeAssessment(command, events[0].data, appended.position);
    return {
      position,
      run: run.response,
      submission: stored ?? {
        questionId: question.slug,
        status: events[0].data.status,
        timestamp: occurredAt.toISOString(),
      },
    };
  }

  /**
   * An algorithms submission ends the learner's running assessment when it is on its question (the
   * assessments decide; anything else appends nothing there). Answers the position after both, so
   * reading one's writes sees the assessment's end too.
   */
  private async completeAssessment(
    { request, context }: CreateSubmissionCommand,
    submitted: { questionId: string; status: Submission['status']; testsPassed: number; testsTotal: number },
    position: string,
  ): Promise<string> {
    if (request.product !== 'algoexpert') return position;
    const completed = await this.commandBus.execute<CompleteAssessmentCommand, { position: string }>(
      new CompleteAssessmentCommand(
        {
          userId: request.principal.userId,
          questionId: submitted.questionId,
          submissionId: request.submissionId,
          language: request.language,
          status: submitted.status,
          testsPassed: submitted.testsPassed,
          testsTotal: submitted.testsTotal,
          now: new Date(),
        },
        context,
      ),
    );
    // Appended after the submission (or the store's head when nothing was): never before it.
    return completed.position;
  }

  /** The submission an earlier identical request stored (a retry after this process restarted). */
  private async storedSubmission(submissionId: string): Promise<Submission | undefined> {
    const event = await this.store.readEvent(submissionId);
    if (event?.type !== 'CodeSubmitted') return undefined;
    return {
      questionId: event.data.questionId,
      status: event.data.status,
      timestamp: event.metadata.occurredAt,
    };
  }

  private remember(key: string, answer: SubmissionAnswer) {
    this.finished.set(key, answer);
    if (this.finished.size > REMEMBERED_SUBMISSIONS) {
      this.finished.delete(this.finished.keys().next().value!);
    }
  }
}
