import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { LOGGER } from '@app/server-kit';
import { EventAppender } from '../../infrastructure/event-appender';
import { lockUser } from '../../identity/identity.repository';
import { type BillingOutcome, commitBillingDecision } from '../billing-outcome';
import {
  fulfilmentPosition,
  purchasesOf,
  recordPurchase,
  setFulfilmentPosition,
} from '../billing.repository';
import { decideFulfilment } from '../decide-billing';
import { FulfilCheckoutCommand } from './fulfil-checkout.command';

/**
 * Grants a paid checkout's products as subscriptions, once: the purchase's row is the gate, written
 * in the transaction that appends the events, so a redelivery (even a concurrent one, which waits on
 * the row's key) answers `duplicate` with the first fulfilment's position.
 */
@CommandHandler(FulfilCheckoutCommand)
export class FulfilCheckoutHandler implements ICommandHandler<FulfilCheckoutCommand, BillingOutcome> {
  constructor(
    private readonly appender: EventAppender,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  execute({ checkout, paidAt, correlationId }: FulfilCheckoutCommand): Promise<BillingOutcome> {
    return this.appender.transaction(async (tx) => {
      const user = await lockUser(tx.client, checkout.userId);
      if (!user || user.wiped) {
        this.logger.warn({ purchaseId: checkout.purchaseId, correlationId }, 'paid checkout for no account');
        return { outcome: 'ignored' };
      }
      if (!(await recordPurchase(tx.client, checkout, paidAt))) {
        return {
          outcome: 'duplicate',
          position: await fulfilmentPosition(tx.client, checkout.purchaseId, checkout.chargeId),
        };
      }
      const earlier = (await purchasesOf(tx.client, checkout.userId)).filter(
        (p) => p.purchaseId !== checkout.purchaseId,
      );
      const appended = await commitBillingDecision(
        tx,
        checkout.userId,
        decideFulfilment(earlier, checkout, paidAt),
        correlationId,
      );
      await setFulfilmentPosition(tx.client, checkout.purchaseId, appended.position);
      return { outcome: 'fulfilled', appended };
    });
  }
}
