import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { promoCodeStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { AggregateStore } from '../../../infrastructure/aggregate-store';
import { promoCodeAggregate } from '../promo-code.aggregate';
import { decideCreatePromoCode } from './decide-create-promo-code';
import { CreatePromoCodeCommand } from './create-promo-code.command';

@CommandHandler(CreatePromoCodeCommand)
export class CreatePromoCodeHandler implements ICommandHandler<CreatePromoCodeCommand, Appended> {
  constructor(private readonly aggregates: AggregateStore) {}

  async execute(command: CreatePromoCodeCommand): Promise<Appended> {
    const { appended } = await this.aggregates.handle(
      promoCodeStreamId(command.request.code),
      promoCodeAggregate,
      (state) => decideCreatePromoCode(command, state),
      command.context,
    );
    return appended;
  }
}
