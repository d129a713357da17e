import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, affiliateAccountStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { AggregateStore } from '../../infrastructure/aggregate-store';
import { EventAppender } from '../../infrastructure/event-appender';
import { affiliateAccountAggregate } from '../affiliate-account.aggregate';
import { markAffiliateExpired } from '../affiliates.repository';
import { decideExpireAffiliate } from './decide-expire-affiliate';
import { ExpireAffiliateCommand } from './expire-affiliate.command';

/** The expiry and the account's row change together, so attribution never sees one without the other. */
@CommandHandler(ExpireAffiliateCommand)
export class ExpireAffiliateHandler implements ICommandHandler<ExpireAffiliateCommand, Appended> {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly appender: EventAppender,
  ) {}

  async execute(command: ExpireAffiliateCommand): Promise<Appended> {
    const streamId = affiliateAccountStreamId(command.affiliateId);
    const { state, revision } = await this.aggregates.load(streamId, affiliateAccountAggregate);
    const decision = decideExpireAffiliate(command, state);
    if (decision instanceof DomainError) throw decision;
    if (decision.length === 0) return this.appender.appendedOrHead();
    return this.appender.transaction(async (tx) => {
      await markAffiliateExpired(tx.client, command.affiliateId);
      return tx.append(streamId, decision, {
        expectedState: revision,
        actor: command.context.actor,
        correlationId: command.context.correlationId,
      });
    });
  }
}
