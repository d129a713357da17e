import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PRICE_LIST_STREAM } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { AggregateStore } from '../../../infrastructure/aggregate-store';
import { priceListAggregate } from '../price-list.aggregate';
import { decidePublishPriceList } from './decide-publish-price-list';
import { PublishPriceListCommand } from './publish-price-list.command';

/** Appends to the one `price-list` stream at the revision read, so two publishers cannot both win. */
@CommandHandler(PublishPriceListCommand)
export class PublishPriceListHandler implements ICommandHandler<PublishPriceListCommand, Appended> {
  constructor(private readonly aggregates: AggregateStore) {}

  async execute(command: PublishPriceListCommand): Promise<Appended> {
    const { appended } = await this.aggregates.handle(
      PRICE_LIST_STREAM,
      priceListAggregate,
      (published) => decidePublishPriceList(command, published),
      command.context,
    );
    return appended;
  }
}
