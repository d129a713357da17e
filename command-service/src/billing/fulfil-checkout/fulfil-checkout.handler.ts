import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import {
  LICENCE_YEAR_MS,
  PRICE_LIST_STREAM,
  licenceStreamId,
  promoCodeStreamId,
  toUsdCents,
  usdRateOf,
  userStreamId,
} from '@app/contracts';
import { LOGGER } from '@app/server-kit';
import { AggregateStore } from '../../infrastructure/aggregate-store';
import { checkoutsAggregate } from '../../commerce/checkouts.aggregate';
import { priceListVersionsAggregate } from '../../commerce/price-list/price-list.aggregate';
import { EventAppender } from '../../infrastructure/event-appender';
import { lockUser } from '../../identity/identity.repository';
import { type BillingOutcome, commitBillingDecision } from '../billing-outcome';
import {
  fulfilmentPosition,
  purchasesOf,
  recordPurchase,
  setFulfilmentPosition,
} from '../billing.repository';
import { checkPaidAgainstStarted, decideFulfilment } from '../decide-billing';
import { FulfilCheckoutCommand } from './fulfil-checkout.command';
import { attributeSale } from '../../affiliates/attribute-sale/attribute-sale';

/**
 * Grants a paid checkout's products as subscriptions, once, and only when it is the checkout the
 * platform started (amount, currency, products, price version). The purchase's row is the gate, written
 * in the transaction that appends the events, so a redelivery (even a concurrent one, which waits on
 * the row's key) answers `duplicate` with the first fulfilment's position.
 */
@CommandHandler(FulfilCheckoutCommand)
export class FulfilCheckoutHandler implements ICommandHandler<FulfilCheckoutCommand, BillingOutcome> {
  constructor(
    private readonly appender: EventAppender,
    private readonly aggregates: AggregateStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute({
    checkout,
    priceVersion,
    paidAt,
    correlationId,
    licence,
    soldAt,
  }: FulfilCheckoutCommand): Promise<BillingOutcome> {
    // A started checkout never changes, so reading it before the transaction is as good as inside.
    const { state } = await this.aggregates.load(userStreamId(checkout.userId), checkoutsAggregate);
    const started = state.sessions.get(checkout.purchaseId);
    const mismatch = checkPaidAgainstStarted(started, checkout, priceVersion, licence);
    if (mismatch) throw mismatch;
    // Affiliates earn in dollars: the sale's value at the rate of the list it was priced with.
    const { state: lists } = await this.aggregates.load(PRICE_LIST_STREAM, priceListVersionsAggregate);
    const usdRate = usdRateOf(
      priceVersion === null ? null : (lists.get(priceVersion) ?? null),
      checkout.currency,
    );
    return this.appender.transaction(async (tx) => {
      const user = await lockUser(tx.client, checkout.userId);
      if (!user || user.wiped) {
        this.logger.warn({ purchaseId: checkout.purchaseId, correlationId }, 'paid checkout for no account');
        return { outcome: 'ignored' };
      }
      // A licence's products are seats for others, not the buyer's: recorded without products, so
      // the buyer's own subscriptions (and refunds of other purchases) never count them.
      const recorded = licence ? { ...checkout, products: [] } : checkout;
      if (!(await recordPurchase(tx.client, recorded, paidAt))) {
        return {
          outcome: 'duplicate',
          position: await fulfilmentPosition(tx.client, checkout.purchaseId, checkout.chargeId),
        };
      }
      const earlier = (await purchasesOf(tx.client, checkout.userId)).filter(
        (p) => p.purchaseId !== checkout.purchaseId,
      );
      const system = { actor: { kind: 'system', id: 'stripe' } as const, correlationId };
      let appended = licence
        ? await tx.append(
            userStreamId(checkout.userId),
            [{ type: 'PurchaseCompleted', data: { ...checkout, paidAt, licenceSeats: licence.seats } }],
            system,
          )
        : await commitBillingDecision(
            tx,
            checkout.userId,
            decideFulfilment(earlier, checkout, paidAt),
            correlationId,
          );
      if (licence) {
        // The buyer holds the licence: seats of each product for one licence year from the payment.
        appended = await tx.append(
          licenceStreamId(checkout.userId),
          [
            {
              type: 'LicenceSeatsAdded',
              data: {
                holderId: checkout.userId,
                purchaseId: checkout.purchaseId,
                products: checkout.products,
                seats: licence.seats,
                isEnterprise: started?.licence?.isEnterprise ?? false,
                expiresAt: new Date(Date.parse(paidAt) + LICENCE_YEAR_MS).toISOString(),
              },
            },
          ],
          system,
        );
      }
      // The promo code the checkout was priced with counts one use toward its limit, paid only.
      if (started?.promoCode) {
        appended = await tx.append(
          promoCodeStreamId(started.promoCode),
          [
            {
              type: 'PromoCodeRedeemed',
              data: { code: started.promoCode, userId: checkout.userId, purchaseId: checkout.purchaseId },
            },
          ],
          { actor: { kind: 'system', id: 'stripe' }, correlationId },
        );
      }
      // The affiliate the checkout's codes name earns from it (issue 18).
      const { purchaseId, amount, currency, products } = checkout;
      appended =
        (await attributeSale(
          tx,
          checkout,
          { purchaseId, amount, currency, usdAmount: toUsdCents(amount, usdRate), products, soldAt },
          correlationId,
        )) ?? appended;
      await setFulfilmentPosition(tx.client, checkout.purchaseId, appended.position);
      return { outcome: 'fulfilled', appended };
    });
  }
}
