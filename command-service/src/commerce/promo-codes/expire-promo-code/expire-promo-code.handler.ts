import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { promoCodeStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { AggregateStore } from '../../../infrastructure/aggregate-store';
import { promoCodeAggregate } from '../promo-code.aggregate';
import { decideExpirePromoCode } from './decide-expire-promo-code';
import { ExpirePromoCodeCommand } from './expire-promo-code.command';

@CommandHandler(ExpirePromoCodeCommand)
export class ExpirePromoCodeHandler implements ICommandHandler<ExpirePromoCodeCommand, Appended> {
  constructor(private readonly aggregates: AggregateStore) {}

  async execute(command: ExpirePromoCodeCommand): Promise<Appended> {
    const { appended } = await this.aggregates.handle(
      promoCodeStreamId(command.request.code),
      promoCodeAggregate,
      (state) => decideExpirePromoCode(command, state),
      command.context,
    );
    return appended;
  }
}
