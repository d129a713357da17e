import { Controller, Inject, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import Stripe from 'stripe';
import { DomainError, stripeWebhook } from '@app/contracts';
import {
  CONFIG,
  type CallInput,
  ContractRoute,
  ValidatedInput,
  acknowledge,
  type HttpRequest,
  type HttpResponse,
  headerOf,
} from '@app/server-kit';
import { EventAppender } from '../../infrastructure/event-appender';
import type { CommandServiceConfig } from '../../infrastructure/config';
import type { BillingOutcome } from '../billing-outcome';
import { readCheckout, readExpiredCheckout, readRefund } from '../decide-billing';
import { ExpireCheckoutCommand } from '../expire-checkout/expire-checkout.command';
import { FulfilCheckoutCommand } from '../fulfil-checkout/fulfil-checkout.command';
import { RefundChargeCommand } from '../refund-charge/refund-charge.command';

const FULFILLING_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/**
 * Stripe's webhook: the signature is checked on the raw body before anything is read; a paid
 * checkout becomes FulfilCheckoutCommand, an expired one ExpireCheckoutCommand, a refunded charge
 * RefundChargeCommand, anything else is
 * acknowledged and ignored. Answers what the delivery did (`outcome`) and its position.
 */
@Controller()
export class StripeWebhookController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly appender: EventAppender,
    @Inject(CONFIG) private readonly config: CommandServiceConfig,
  ) {}

  @ContractRoute(stripeWebhook)
  async receive(
    @ValidatedInput() _: CallInput<typeof stripeWebhook>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const event = this.verify(request);
    const result = await this.dispatch(event);
    const appended =
      result.appended ??
      (result.position
        ? { position: result.position, idempotent: true }
        : await this.appender.appendedOrHead());
    return { ...acknowledge(response, appended), outcome: result.outcome };
  }

  /** The command a delivery asks for; a checkout or charge that cannot be read is a 400. */
  private async dispatch(event: Stripe.Event): Promise<BillingOutcome> {
    const correlationId = `stripe:${event.id}`;
    if (FULFILLING_EVENTS.has(event.type)) {
      const reading = readCheckout(event.data.object);
      if (reading.kind === 'invalid') throw new DomainError('BILLING_BAD_CHECKOUT', reading.message);
      if (reading.kind === 'unpaid') return { outcome: 'ignored' };
      const paidAt = new Date(event.created * 1000).toISOString();
      return this.commandBus.execute<FulfilCheckoutCommand, BillingOutcome>(
        new FulfilCheckoutCommand(
          reading.checkout,
          reading.priceVersion,
          paidAt,
          correlationId,
          reading.licence,
          reading.createdAt ?? paidAt,
        ),
      );
    }
    if (event.type === 'checkout.session.expired') {
      const expired = readExpiredCheckout(event.data.object);
      if (!expired)
        throw new DomainError('BILLING_BAD_CHECKOUT', 'The expired checkout session is not usable.');
      return this.commandBus.execute<ExpireCheckoutCommand, BillingOutcome>(
        new ExpireCheckoutCommand(expired, correlationId),
      );
    }
    if (event.type === 'charge.refunded') {
      const reading = readRefund(event.data.object);
      if (reading.kind === 'invalid') throw new DomainError('BILLING_BAD_CHECKOUT', reading.message);
      return this.commandBus.execute<RefundChargeCommand, BillingOutcome>(
        new RefundChargeCommand(reading, correlationId),
      );
    }
    return { outcome: 'ignored' };
  }

  private verify(request: HttpRequest): Stripe.Event {
    const secret = this.config.stripeWebhookSecret;
    if (!secret) {
      throw new DomainError(
        'BILLING_NOT_CONFIGURED',
        'Payments are not set up here: STRIPE_WEBHOOK_SECRET is not set.',
      );
    }
    const signature = headerOf(request, 'stripe-signature');
    if (!signature || !request.rawBody) {
      throw new DomainError('BILLING_BAD_SIGNATURE', 'The Stripe-Signature header is missing.');
    }
    try {
      return Stripe.webhooks.constructEvent(request.rawBody, signature, secret);
    } catch (error) {
      throw new DomainError(
        'BILLING_BAD_SIGNATURE',
        `The Stripe-Signature header does not verify: ${(error as Error).message}`,
      );
    }
  }
}
