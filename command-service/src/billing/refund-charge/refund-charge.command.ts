import type { RefundReading } from '../decide-billing';

/** A refunded charge delivered by Stripe's webhook. */
export class RefundChargeCommand {
  constructor(
    readonly refund: Extract<RefundReading, { kind: 'refund' }>,
    readonly correlationId: string,
  ) {}
}
