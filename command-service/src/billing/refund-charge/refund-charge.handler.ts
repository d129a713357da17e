import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventAppender } from '../../infrastructure/event-appender';
import { lockUser } from '../../identity/identity.repository';
import { type BillingOutcome, commitBillingDecision } from '../billing-outcome';
import { purchaseOfCharges, purchasesOf, recordRefund } from '../billing.repository';
import { decideRefund } from '../decide-billing';
import { RefundChargeCommand } from './refund-charge.command';
import { reverseAttributedSale } from '../../affiliates/attribute-sale/attribute-sale';

/**
 * Records a refund of a purchase; a full refund ends the subscriptions no other purchase covers. A
 * refund that adds nothing (a redelivery, an older total arriving late) answers `duplicate`.
 */
@CommandHandler(RefundChargeCommand)
export class RefundChargeHandler implements ICommandHandler<RefundChargeCommand, BillingOutcome> {
  constructor(private readonly appender: EventAppender) {}

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
      const appended = await commitBillingDecision(tx, purchase.userId, decision, correlationId);
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
