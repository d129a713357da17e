import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, userStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { EventAppender } from '../../infrastructure/event-appender';
import { setProfileRegion } from '../../identity/identity.repository';
import { PriceListRepository } from '../price-list/price-list.repository';
import { decideSetPricingRegion } from './decide-set-pricing-region';
import { SetPricingRegionCommand } from './set-pricing-region.command';

/**
 * The event on the account's stream and the profile's region in one transaction: the next request's
 * session reads the region from the profile, so the offerings are priced in it at once.
 */
@CommandHandler(SetPricingRegionCommand)
export class SetPricingRegionHandler implements ICommandHandler<SetPricingRegionCommand, Appended> {
  constructor(
    private readonly appender: EventAppender,
    private readonly priceLists: PriceListRepository,
  ) {}

  async execute(command: SetPricingRegionCommand): Promise<Appended> {
    const priceList = await this.priceLists.currentPriceList();
    const events = decideSetPricingRegion(command, { priceList });
    if (events instanceof DomainError) throw events;
    const { userId, region } = command.request;
    return this.appender.transaction(async (tx) => {
      await setProfileRegion(tx.client, userId, region);
      return tx.append(userStreamId(userId), events, {
        actor: command.context.actor,
        correlationId: command.context.correlationId,
      });
    });
  }
}
