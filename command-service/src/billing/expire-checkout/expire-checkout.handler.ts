import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { userStreamId } from '@app/contracts';
import { AggregateStore } from '../../infrastructure/aggregate-store';
import { checkoutsAggregate } from '../../commerce/checkouts.aggregate';
import type { BillingOutcome } from '../billing-outcome';
import { decideCheckoutExpiry } from '../decide-billing';
import { ExpireCheckoutCommand } from './expire-checkout.command';

/** Ends an open checkout, so the buyer may start another of its products; a redelivery is a duplicate. */
@CommandHandler(ExpireCheckoutCommand)
export class ExpireCheckoutHandler implements ICommandHandler<ExpireCheckoutCommand, BillingOutcome> {
  constructor(private readonly aggregates: AggregateStore) {}

  async execute({ expired, correlationId }: ExpireCheckoutCommand): Promise<BillingOutcome> {
    let known = false;
    let ends = false;
    const { appended } = await this.aggregates.handle(
      userStreamId(expired.userId),
      checkoutsAggregate,
      (state) => {
        const started = state.sessions.get(expired.sessionId);
        known = started !== undefined;
        const events = decideCheckoutExpiry(started, expired);
        ends = events.length > 0;
        return events;
      },
      { actor: { kind: 'system', id: 'stripe' }, correlationId },
    );
    if (!ends) return { outcome: known ? 'duplicate' : 'ignored' };
    return { outcome: 'expired', appended };
  }
}
