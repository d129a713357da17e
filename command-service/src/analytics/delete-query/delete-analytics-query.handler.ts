import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { analyticsSavedQueryStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { AggregateStore } from '../../infrastructure/aggregate-store';
import { savedQueryAggregate } from '../saved-query.aggregate';
import { decideDeleteAnalyticsQuery } from './decide-delete-analytics-query';
import { DeleteAnalyticsQueryCommand } from './delete-analytics-query.command';

@CommandHandler(DeleteAnalyticsQueryCommand)
export class DeleteAnalyticsQueryHandler implements ICommandHandler<DeleteAnalyticsQueryCommand, Appended> {
  constructor(private readonly aggregates: AggregateStore) {}

  async execute(command: DeleteAnalyticsQueryCommand): Promise<Appended> {
    const { appended } = await this.aggregates.handle(
      analyticsSavedQueryStreamId(command.request.queryId),
      savedQueryAggregate,
      (state) => decideDeleteAnalyticsQuery(command, state),
      command.context,
    );
    return appended;
  }
}
