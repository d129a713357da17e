import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AnalyticsResult, DomainError, analyticsRunsStreamId } from '@app/contracts';
import { type Appended, EventAppender } from '../../infrastructure/event-appender';
import { ReadSide } from '../../infrastructure/read-side';
import { AnalyticsDatabase } from '../analytics-database';
import { type AnalyticsRunOutcome, decideRunAnalyticsQuery } from './decide-run-analytics-query';
import { RunAnalyticsQueryCommand } from './run-analytics-query.command';

export type AnalyticsQueryAnswer = { appended: Appended; result: AnalyticsResult };

/**
 * Runs the SQL as the analysts' role, then appends the run to the analyst's stream, whatever its
 * outcome; a refusal is thrown after it is recorded.
 */
@CommandHandler(RunAnalyticsQueryCommand)
export class RunAnalyticsQueryHandler implements ICommandHandler<
  RunAnalyticsQueryCommand,
  AnalyticsQueryAnswer
> {
  constructor(
    private readonly database: AnalyticsDatabase,
    private readonly appender: EventAppender,
    private readonly readSide: ReadSide,
  ) {}

  async execute(command: RunAnalyticsQueryCommand): Promise<AnalyticsQueryAnswer> {
    const { runId, analystId, sql, params } = command.request;
    // Asked to reflect a position: nothing runs (nor is recorded) until the read models show it.
    if (command.minPosition) await this.readSide.awaitPosition(command.minPosition);
    const started = performance.now();
    let outcome: AnalyticsRunOutcome;
    try {
      outcome = {
        result: await this.database.run(runId, analystId ?? 'operator', sql, params, command.abandoned),
      };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      outcome = { error, durationMs: performance.now() - started };
    }
    const appended = await this.appender.append(
      analyticsRunsStreamId(analystId),
      decideRunAnalyticsQuery(command, outcome),
      { expectedState: 'any', actor: command.context.actor, correlationId: command.context.correlationId },
    );
    if ('error' in outcome) throw outcome.error;
    return { appended, result: outcome.result };
  }
}
