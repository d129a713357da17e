import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { analyticsSavedQueryStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { AggregateStore } from '../../infrastructure/aggregate-store';
import { savedQueryAggregate } from '../saved-query.aggregate';
import { decideSaveAnalyticsQuery } from './decide-save-analytics-query';
import { SaveAnalyticsQueryCommand } from './save-analytics-query.command';

@CommandHandler(SaveAnalyticsQueryCommand)
export class SaveAnalyticsQueryHandler implements ICommandHandler<SaveAnalyticsQueryCommand, Appended> {
  constructor(private readonly aggregates: AggregateStore) {}

  async execute(command: SaveAnalyticsQueryCommand): Promise<Appended> {
    const { appended } = await this.aggregates.handle(
      analyticsSavedQueryStreamId(command.request.queryId),
      savedQueryAggregate,
      (state) => decideSaveAnalyticsQuery(command, state),
      command.context,
    );
    return appended;
  }
}
