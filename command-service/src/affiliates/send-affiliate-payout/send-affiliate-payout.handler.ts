import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { PG_POOL } from '@app/server-kit';
import { DomainError, affiliateAccountStreamId } from '@app/contracts';
import { AggregateStore } from '../../infrastructure/aggregate-store';
import { affiliateAccountAggregate } from '../affiliate-account.aggregate';
import { affiliateById } from '../affiliates.repository';
import { monthEarnings } from '../month-earnings';
import { decideSendAffiliatePayout } from './decide-send-affiliate-payout';
import { type PayoutResult, SendAffiliatePayoutCommand } from './send-affiliate-payout.command';

/**
 * Pays one month: its earnings by the contracts' rule over the affiliate's recorded sales, appended
 * with the revision read, so two payouts of the same month at once append one (the other decides
 * again and finds it paid).
 */
@CommandHandler(SendAffiliatePayoutCommand)
export class SendAffiliatePayoutHandler implements ICommandHandler<SendAffiliatePayoutCommand, PayoutResult> {
  constructor(
    private readonly aggregates: AggregateStore,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute(command: SendAffiliatePayoutCommand): Promise<PayoutResult> {
    let amount = 0;
    let alreadySent = false;
    const { appended } = await this.aggregates.handle(
      affiliateAccountStreamId(command.affiliateId),
      affiliateAccountAggregate,
      async (state) => {
        alreadySent = state?.payouts.has(command.month) ?? false;
        amount = state?.payouts.get(command.month) ?? (await this.earningsOf(command));
        return decideSendAffiliatePayout(command, state, amount);
      },
      command.context,
    );
    return { appended, amount, alreadySent };
  }

  private async earningsOf(command: SendAffiliatePayoutCommand): Promise<number> {
    const affiliate = await affiliateById(this.pool, command.affiliateId);
    if (!affiliate) throw new DomainError('AFFILIATE_NOT_FOUND', `No affiliate ${command.affiliateId}.`);
    return monthEarnings(this.pool, affiliate, command.month, command.now);
  }
}
