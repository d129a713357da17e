import { Inject } from '@nestjs/common';
import type { Logger } from 'pino';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, buildPath, getTestCheckoutPage, pricingRegion, userStreamId } from '@app/contracts';
import { type Appended, CONFIG, LOGGER, type NewEvent } from '@app/server-kit';
import { AggregateStore } from '../../infrastructure/aggregate-store';
import type { CommandServiceConfig } from '../../infrastructure/config';
import { checkoutsAggregate } from '../checkouts.aggregate';
import { PriceListRepository } from '../price-list/price-list.repository';
import { PromoCodesRepository } from '../promo-codes/promo-codes.repository';
import { StripeCheckouts } from '../stripe-checkouts';
import { type CheckoutDraft, decidePurchaseOffering } from './decide-purchase-offering';
import { PurchaseOfferingCommand } from './purchase-offering.command';

export type PurchaseStarted = { appended: Appended; checkoutUrl: string };

type OpenedSession = { draft: CheckoutDraft; sessionId: string; url: string | null };

/**
 * Prices the offering, decides on the buyer's user stream, opens the Stripe Checkout Session and
 * appends CheckoutStarted with the revision it read. When another purchase of the buyer appended
 * first, it decides again: the session it opened is used if the decision is unchanged, else expired.
 */
@CommandHandler(PurchaseOfferingCommand)
export class PurchaseOfferingHandler implements ICommandHandler<PurchaseOfferingCommand, PurchaseStarted> {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly priceLists: PriceListRepository,
    private readonly promoCodes: PromoCodesRepository,
    private readonly stripe: StripeCheckouts,
    @Inject(CONFIG) private readonly config: CommandServiceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute({ request, context }: PurchaseOfferingCommand): Promise<PurchaseStarted> {
    const priceList = await this.priceLists.currentPriceList();
    // The buyer's own region prices the purchase; a token naming another one is refused as stale.
    const region = pricingRegion(priceList, request.region);
    const promo = request.promocode
      ? await this.promoCodes.promoCodeTerms(request.promocode, {
          userId: request.userId,
          region,
          now: request.now,
        })
      : null;
    let opened: OpenedSession | undefined;
    let checkoutUrl = '';
    const release = async () => {
      if (opened) await this.expire(opened.sessionId);
      opened = undefined;
    };
    try {
      const { appended } = await this.aggregates.handle(
        userStreamId(request.userId),
        checkoutsAggregate,
        async (checkouts): Promise<NewEvent<'CheckoutStarted'>[] | DomainError> => {
          const decision = decidePurchaseOffering(request, { checkouts, priceList, region, promo });
          if (decision instanceof DomainError || decision.kind === 'open') {
            await release();
            if (decision instanceof DomainError) return decision;
            checkoutUrl = decision.checkout.checkoutUrl;
            return [];
          }
          if (!opened || JSON.stringify(opened.draft) !== JSON.stringify(decision.checkout)) {
            await release();
            opened = await this.open(decision.checkout);
          }
          const started = this.startedEvent(opened);
          checkoutUrl = started.data.checkoutUrl;
          return [started];
        },
        context,
      );
      return { appended, checkoutUrl };
    } catch (error) {
      await release();
      throw error;
    }
  }

  private async open(draft: CheckoutDraft): Promise<OpenedSession> {
    const { sessionId, url } = await this.stripe.create({
      userId: draft.userId,
      title: `Interview preparation: ${draft.products.join(', ')}`,
      amount: draft.amount,
      currency: draft.currency,
      metadata: {
        products: draft.products.join(','),
        priceVersion: String(draft.priceVersion),
        offering: draft.offering,
        affiliateCode: draft.affiliateCode ?? '',
        promocode: draft.promoCode ?? '',
      },
      // Stripe fills in the session id.
      successUrl: `${this.config.publicUrl}/confirmation?purchase={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${this.config.publicUrl}/purchase`,
      expiresAt: new Date(draft.expiresAt),
    });
    return { draft, sessionId, url };
  }

  private startedEvent({ draft, sessionId, url }: OpenedSession): NewEvent<'CheckoutStarted'> {
    // Production: Stripe's hosted page. Elsewhere the test payment page stands in for it.
    const checkoutUrl =
      this.config.production && url
        ? url
        : `${this.config.publicUrl}${buildPath(getTestCheckoutPage, { userId: draft.userId, sessionId })}`;
    return {
      type: 'CheckoutStarted',
      data: {
        ...draft,
        sessionId,
        checkoutUrl,
        successUrl: `${this.config.publicUrl}/confirmation?purchase=${encodeURIComponent(sessionId)}`,
        cancelUrl: `${this.config.publicUrl}/purchase`,
      },
    };
  }

  /** A session opened for a checkout that was not started after all: nobody may pay it. */
  private async expire(sessionId: string): Promise<void> {
    try {
      await this.stripe.expire(sessionId);
    } catch (error) {
      this.logger.warn({ sessionId, err: error }, 'could not expire an unused checkout session');
    }
  }
}
