import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { PoolClient } from 'pg';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import { stripeWebhook, userStreamId, DomainError } from '@app/contracts';
import { type CallInput, ContractRoute, ValidatedInput, acknowledge, CONFIG, LOGGER } from '@app/server-kit';
import { type Appended, EventAppender, type Transaction } from '../../infrastructure/event-appender';
import type { CommandServiceConfig } from '../../infrastructure/config';
import { lockUser } from '../../identity/identity.repository';
import {
  type PurchaseRecord,
  decideFulfilment,
  decideRefund,
  readCheckout,
  readRefund,
} from './decide-billing';

type Outcome = 'fulfilled' | 'refunded' | 'duplicate' | 'ignored';
type RawBodyRequest = Request & { rawBody?: Buffer };

const FULFILLING_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

async function purchasesOf(client: PoolClient, userId: string): Promise<PurchaseRecord[]> {
  const { rows } = await client.query<{
    purchase_id: string;
    products: string[];
    amount_refunded: string;
    fully_refunded: boolean;
  }>(
    'SELECT purchase_id, products, amount_refunded, fully_refunded FROM billing_purchases WHERE user_id = $1 ORDER BY paid_at',
    [userId],
  );
  return rows.map((r) => ({
    purchaseId: r.purchase_id,
    products: r.products,
    amountRefunded: Number(r.amount_refunded),
    fullyRefunded: r.fully_refunded,
  }));
}

/**
 * Stripe's webhook: a paid checkout grants its products as subscriptions; a refund ends them. The
 * signature is checked on the raw body before anything is read. Each purchase is fulfilled once: the
 * row of billing_purchases is the gate, written in the transaction that appends the events, so a
 * redelivery (even a concurrent one, which waits on the row's key) answers `duplicate`.
 */
@Controller()
export class StripeWebhookController {
  constructor(
    private readonly appender: EventAppender,
    @Inject(CONFIG) private readonly config: CommandServiceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @ContractRoute(stripeWebhook)
  async receive(
    @ValidatedInput() _: CallInput<typeof stripeWebhook>,
    @Req() request: RawBodyRequest,
    @Res({ passthrough: true }) response: Response,
  ) {
    const secret = this.config.stripeWebhookSecret;
    if (!secret) {
      throw new DomainError(
        'BILLING_NOT_CONFIGURED',
        'Payments are not set up here: STRIPE_WEBHOOK_SECRET is not set.',
      );
    }
    const event = this.verify(request, secret);
    const correlationId = `stripe:${event.id}`;
    let result: { outcome: Outcome; appended?: Appended; position?: string };
    if (FULFILLING_EVENTS.has(event.type)) {
      result = await this.fulfil(event, correlationId);
    } else if (event.type === 'charge.refunded') {
      result = await this.refund(event, correlationId);
    } else {
      result = { outcome: 'ignored' };
    }
    const appended =
      result.appended ??
      (result.position
        ? { position: result.position, idempotent: true }
        : await this.appender.appendedOrHead());
    return { ...acknowledge(response, appended), outcome: result.outcome };
  }

  private verify(request: RawBodyRequest, secret: string): Stripe.Event {
    const signature = request.header('stripe-signature');
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

  private async fulfil(event: Stripe.Event, correlationId: string) {
    const reading = readCheckout(event.data.object);
    if (reading.kind === 'invalid') throw new DomainError('BILLING_BAD_CHECKOUT', reading.message);
    if (reading.kind === 'unpaid') return { outcome: 'ignored' as const };
    const checkout = reading.checkout;
    const paidAt = new Date(event.created * 1000).toISOString();
    return this.appender.transaction(async (tx) => {
      const user = await lockUser(tx.client, checkout.userId);
      if (!user || user.wiped) {
        this.logger.warn(
          { purchaseId: checkout.purchaseId, stripeEvent: event.id },
          'paid checkout for no account',
        );
        return { outcome: 'ignored' as const };
      }
      const gate = await tx.client.query(
        `INSERT INTO billing_purchases (purchase_id, user_id, charge_id, products, amount, currency, position, paid_at)
         VALUES ($1, $2, $3, $4, $5, $6, '', $7) ON CONFLICT DO NOTHING`,
        [
          checkout.purchaseId,
          checkout.userId,
          checkout.chargeId,
          checkout.products,
          checkout.amount,
          checkout.currency,
          paidAt,
        ],
      );
      if (gate.rowCount === 0) return this.duplicate(tx, checkout.purchaseId, checkout.chargeId);
      const earlier = (await purchasesOf(tx.client, checkout.userId)).filter(
        (p) => p.purchaseId !== checkout.purchaseId,
      );
      const { events, subscriptions } = decideFulfilment(earlier, checkout, paidAt);
      return this.commit(
        tx,
        checkout.userId,
        checkout.purchaseId,
        events,
        subscriptions,
        correlationId,
        'fulfilled',
      );
    });
  }

  private async refund(event: Stripe.Event, correlationId: string) {
    const reading = readRefund(event.data.object);
    if (reading.kind === 'invalid') throw new DomainError('BILLING_BAD_CHECKOUT', reading.message);
    return this.appender.transaction(async (tx) => {
      const found = await tx.client.query<{ purchase_id: string; user_id: string; charge_id: string }>(
        'SELECT purchase_id, user_id, charge_id FROM billing_purchases WHERE charge_id = ANY($1)',
        [reading.chargeIds],
      );
      const purchase = found.rows[0];
      if (!purchase) return { outcome: 'ignored' as const };
      const user = await lockUser(tx.client, purchase.user_id);
      if (!user || user.wiped) return { outcome: 'ignored' as const };
      // Read after the user's lock: a concurrent redelivery has committed its change by now.
      const purchases = await purchasesOf(tx.client, purchase.user_id);
      const { events, subscriptions } = decideRefund(
        purchases,
        {
          purchaseId: purchase.purchase_id,
          chargeId: purchase.charge_id,
          userId: purchase.user_id,
        },
        reading,
      );
      if (events.length === 0) return { outcome: 'duplicate' as const };
      await tx.client.query(
        `UPDATE billing_purchases SET amount_refunded = greatest(amount_refunded, $2), fully_refunded = fully_refunded OR $3
          WHERE purchase_id = $1`,
        [purchase.purchase_id, reading.amountRefunded, reading.full],
      );
      return this.commit(tx, purchase.user_id, null, events, subscriptions, correlationId, 'refunded');
    });
  }

  private async duplicate(tx: Transaction, purchaseId: string, chargeId: string) {
    const { rows } = await tx.client.query<{ position: string }>(
      'SELECT position FROM billing_purchases WHERE purchase_id = $1 OR charge_id = $2',
      [purchaseId, chargeId],
    );
    return { outcome: 'duplicate' as const, position: rows[0]?.position || undefined };
  }

  private async commit(
    tx: Transaction,
    userId: string,
    fulfilledPurchaseId: string | null,
    events: Parameters<Transaction['append']>[1],
    subscriptions: string[],
    correlationId: string,
    outcome: 'fulfilled' | 'refunded',
  ) {
    await tx.client.query('UPDATE identity_users SET subscriptions = $2 WHERE user_id = $1', [
      userId,
      subscriptions,
    ]);
    const appended = await tx.append(userStreamId(userId), events, {
      actor: { kind: 'system', id: 'stripe' },
      correlationId,
    });
    if (fulfilledPurchaseId) {
      await tx.client.query('UPDATE billing_purchases SET position = $2 WHERE purchase_id = $1', [
        fulfilledPurchaseId,
        appended.position,
      ]);
    }
    return { outcome, appended };
  }
}
