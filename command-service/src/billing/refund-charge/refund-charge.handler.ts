import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { licenceStreamId } from '@app/contracts';
import { AggregateStore } from '../../infrastructure/aggregate-store';
import { EventAppender } from '../../infrastructure/event-appender';
import { licencesAggregate } from '../../licences/licences.aggregate';
import { lockUser } from '../../identity/identity.repository';
import { type BillingOutcome, commitBillingDecision } from '../billing-outcome';
import { purchaseOfCharges, purchasesOf, recordRefund } from '../billing.repository';
import { decideRefund } from '../decide-billing';
import { RefundChargeCommand } from './refund-charge.command';
import { reverseAttributedSale } from '../../affiliates/attribute-sale/attribute-sale';

/**
 * Records a refund of a purchase; a full refund ends the subscriptions no other purchase covers, and
 * a licence purchase's seats (the licence rule says which go). A refund that adds nothing (a
 * redelivery, an older total arriving late) answers `duplicate`.
 */
@CommandHandler(RefundChargeCommand)
export class RefundChargeHandler implements ICommandHandler<RefundChargeCommand, BillingOutcome> {
  constructor(
    private readonly appender: EventAppender,
    private readonly aggregates: AggregateStore,
  ) {}

  execute({ refund, correlationId }: RefundChargeCommand): Promise<BillingOutcome> {
    return this.appender.transaction(async (tx) => {
      const purchase = await purchaseOfCharges(tx.client, refund.chargeIds);
      if (!purchase) return { outcome: 'ignored' };
      const user = await lockUser(tx.client, purchase.userId);
      if (!user || user.wiped) return { outcome: 'ignored' };
      // Read after the user's lock: a concurrent redelivery has committed its change by now.
      const decision = decideRefund(await purchasesOf(tx.client, purchase.userId), purchase, refund);
      if (decision.events.length === 0) return { outcome: 'duplicate' };
      await recordRefund(tx.client, purchase.purchaseId, refund.amountRefunded, refund.full);
      let appended = await commitBillingDecision(tx, purchase.userId, decision, correlationId);
      if (refund.full) {
        // A licence purchase's seats leave the holder's licence. The fact names the purchase; the
        // fold takes the seats from wherever they are when it is applied, so no revision is needed.
        const { state: book } = await this.aggregates.load(
          licenceStreamId(purchase.userId),
          licencesAggregate,
        );
        const bought = book.purchases?.[purchase.purchaseId];
        if (bought && !bought.withdrawn) {
          appended = await tx.append(
            licenceStreamId(purchase.userId),
            [
              {
                type: 'LicenceSeatsWithdrawn',
                data: {
                  holderId: purchase.userId,
                  purchaseId: purchase.purchaseId,
                  products: bought.products,
                  seats: bought.seats,
                },
              },
            ],
            { actor: { kind: 'system', id: 'stripe' }, correlationId },
          );
        }
      }
      // An attributed sale's refund takes the affiliate's earning back (issue 18).
      const reversed = await reverseAttributedSale(
        tx,
        { purchaseId: purchase.purchaseId, amountRefunded: refund.amountRefunded, full: refund.full },
        correlationId,
      );
      return { outcome: 'refunded', appended: reversed ?? appended };
    });
  }
}
