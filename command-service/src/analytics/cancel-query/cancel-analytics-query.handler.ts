import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AnalyticsDatabase } from '../analytics-database';
import { CancelAnalyticsQueryCommand } from './cancel-analytics-query.command';

/**
 * Signals the run's database session to stop. Nothing is appended here: the run itself records that it
 * was cancelled. Only the analyst who started a run can cancel it.
 */
@CommandHandler(CancelAnalyticsQueryCommand)
export class CancelAnalyticsQueryHandler implements ICommandHandler<CancelAnalyticsQueryCommand, boolean> {
  constructor(private readonly database: AnalyticsDatabase) {}

  execute({ request }: CancelAnalyticsQueryCommand): Promise<boolean> {
    return this.database.cancel(request.runId, request.analystId ?? 'operator');
  }
}
