import { Inject } from '@nestjs/common';
import type { Logger } from 'pino';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, buildPath, getTestCheckoutPage, pricingRegion, userStreamId } from '@app/contracts';
import { CONFIG, LOGGER, type NewEvent } from '@app/server-kit';
import { AggregateStore } from '../../infrastructure/aggregate-store';
import type { CommandServiceConfig } from '../../infrastructure/config';
import { checkoutsAggregate } from '../checkouts.aggregate';
import { PriceListRepository } from '../price-list/price-list.repository';
import { PromoCodesRepository } from '../promo-codes/promo-codes.repository';
import { StripeCheckouts } from '../stripe-checkouts';
import type { CheckoutDraft } from '../purchase-offering/decide-purchase-offering';
import type { PurchaseStarted } from '../purchase-offering/purchase-offering.handler';
import { decidePurchaseLicences } from './decide-purchase-licences';
import { PurchaseLicencesCommand } from './purchase-licences.command';

type OpenedSession = { draft: CheckoutDraft; sessionId: string; url: string | null };

/**
 * Prices the seats, decides on the buyer's user stream (where every checkout of theirs is), opens the
 * Stripe Checkout Session with `kind: licence` and the seats in its metadata, and appends
 * CheckoutStarted with the revision read; a session opened for a decision that changed is expired.
 */
@CommandHandler(PurchaseLicencesCommand)
export class PurchaseLicencesHandler implements ICommandHandler<PurchaseLicencesCommand, PurchaseStarted> {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly priceLists: PriceListRepository,
    private readonly promoCodes: PromoCodesRepository,
    private readonly stripe: StripeCheckouts,
    @Inject(CONFIG) private readonly config: CommandServiceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute({ request, context }: PurchaseLicencesCommand): Promise<PurchaseStarted> {
    const priceList = await this.priceLists.currentPriceList();
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
          const decision = decidePurchaseLicences(request, { checkouts, priceList, region, promo });
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
    const seats = draft.licence!.seats;
    const { sessionId, url } = await this.stripe.create({
      userId: draft.userId,
      title: `Team licence: ${seats} seat(s) of ${draft.products.join(', ')}`,
      amount: draft.amount,
      currency: draft.currency,
      metadata: {
        kind: 'licence',
        seats: String(seats),
        products: draft.products.join(','),
        priceVersion: String(draft.priceVersion),
        offering: draft.offering,
        affiliateCode: '',
        promocode: draft.promoCode ?? '',
      },
      successUrl: `${this.config.publicUrl}/licenses/manage?purchase={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${this.config.publicUrl}/licenses/purchase`,
      expiresAt: new Date(draft.expiresAt),
    });
    return { draft, sessionId, url };
  }

  private startedEvent({ draft, sessionId, url }: OpenedSession): NewEvent<'CheckoutStarted'> {
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
        successUrl: `${this.config.publicUrl}/licenses/manage?purchase=${encodeURIComponent(sessionId)}`,
        cancelUrl: `${this.config.publicUrl}/licenses/purchase`,
      },
    };
  }

  private async expire(sessionId: string): Promise<void> {
    try {
      await this.stripe.expire(sessionId);
    } catch (error) {
      this.logger.warn({ sessionId, err: error }, 'could not expire an unused checkout session');
    }
  }
}
