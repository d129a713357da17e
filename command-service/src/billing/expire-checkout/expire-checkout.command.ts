/** An unpaid checkout session ended (Stripe's `checkout.session.expired`: expired, or cancelled). */
export class ExpireCheckoutCommand {
  constructor(
    readonly expired: { userId: string; sessionId: string },
    readonly correlationId: string,
  ) {}
}
