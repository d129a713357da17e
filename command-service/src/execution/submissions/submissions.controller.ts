import { createHash, randomUUID } from 'node:crypto';
import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Pool } from 'pg';
import {
  type Principal,
  type RunResponse,
  type Submission,
  createSubmission,
  deleteAllSubmissions,
  submissionStatusOf,
  submissionsStreamId,
} from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  requireUser,
  acknowledge,
  commandContext,
  PG_POOL,
} from '@app/server-kit';
import { EventAppender } from '../../infrastructure/event-appender';
import { ExecutionEngine } from '../engine/execution-engine';

type SubmissionAnswer = { position: string; run: RunResponse; submission: Submission };

/** Finished submissions kept to answer retries of the same submission id without running again. */
const REMEMBERED_SUBMISSIONS = 2000;

/**
 * Submit Code: every test, hidden ones included, then one CodeSubmitted event whose id is the
 * submission id (the Idempotency-Key header, else a new one). A double click or a retry with the same
 * id runs once and is stored once: concurrent duplicates share the first request's run, later ones
 * get the remembered answer.
 */
@Controller()
export class SubmissionsController {
  private readonly inFlight = new Map<string, Promise<SubmissionAnswer>>();
  private readonly finished = new Map<string, SubmissionAnswer>();

  constructor(
    private readonly engine: ExecutionEngine,
    private readonly appender: EventAppender,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  @ContractRoute(createSubmission)
  async submit(
    @ValidatedInput() { input, params }: CallInput<typeof createSubmission>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const user = requireUser(principal);
    const context = commandContext(request);
    const question = await this.engine.question(
      principal,
      params.product,
      input.questionId,
      input.questionVersion,
    );
    const submissionId = context.idempotencyKey ?? randomUUID();
    const key = `${user.userId}:${submissionId}`;
    let pending = this.inFlight.get(key);
    const done = this.finished.get(key);
    if (!pending && !done) {
      await this.engine.admit(user.userId);
      pending = (async (): Promise<SubmissionAnswer> => {
        const started = performance.now();
        const run = await this.engine.judge(input.language, question, input.code, question.tests);
        const results = run.result.compileError ? [] : run.result.results;
        const passed = results.filter((t) => t.passed).length;
        const status = submissionStatusOf(passed, question.tests.length);
        const occurredAt = new Date();
        const appended = await this.appender.append(
          submissionsStreamId(user.userId),
          [
            {
              type: 'CodeSubmitted',
              eventId: submissionId,
              data: {
                userId: user.userId,
                product: params.product,
                questionId: question.slug,
                questionVersion: question.version,
                language: input.language,
                status,
                testsPassed: passed,
                testsTotal: question.tests.length,
                codeSha256: createHash('sha256').update(input.code).digest('hex'),
                durationMs: Math.round(performance.now() - started),
              },
            },
          ],
          { actor: context.actor, correlationId: context.correlationId, occurredAt },
        );
        const stored = appended.idempotent ? await this.storedSubmission(submissionId) : undefined;
        return {
          position: appended.position,
          run: run.response,
          submission: stored ?? { questionId: question.slug, status, timestamp: occurredAt.toISOString() },
        };
      })();
      this.inFlight.set(key, pending);
      pending
        .then((answer) => this.remember(key, answer))
        .catch(() => undefined)
        .finally(() => this.inFlight.delete(key));
    }
    const answer = done ?? (await pending!);
    return {
      ...acknowledge(response, { position: answer.position, idempotent: true }),
      ...answer.run,
      submission: answer.submission,
    };
  }

  @ContractRoute(deleteAllSubmissions)
  async deleteAll(
    @ValidatedInput() { input }: CallInput<typeof deleteAllSubmissions>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const user = requireUser(principal);
    const context = commandContext(request);
    const appended = await this.appender.append(
      submissionsStreamId(user.userId),
      [{ type: 'SubmissionsReset', data: { userId: user.userId, product: input.product } }],
      { actor: context.actor, correlationId: context.correlationId },
    );
    return acknowledge(response, appended);
  }

  /** The submission an earlier identical request stored (a retry after this process restarted). */
  private async storedSubmission(submissionId: string): Promise<Submission | undefined> {
    const { rows } = await this.pool.query<{
      data: { questionId: string; status: Submission['status'] };
      occurred_at: string;
    }>(`SELECT data, metadata->>'occurredAt' AS occurred_at FROM es_events WHERE event_id = $1`, [
      submissionId,
    ]);
    const row = rows[0];
    return row && { questionId: row.data.questionId, status: row.data.status, timestamp: row.occurred_at };
  }

  private remember(key: string, answer: SubmissionAnswer) {
    this.finished.set(key, answer);
    if (this.finished.size > REMEMBERED_SUBMISSIONS) {
      this.finished.delete(this.finished.keys().next().value!);
    }
  }
}
