import type { CommandContext } from '@app/server-kit';

/** v2/offerings/purchase: a signed-in learner starts paying for an offering of the offerings reply. */
export class PurchaseOfferingCommand {
  constructor(
    readonly request: {
      userId: string;
      /** The buyer's roles (product roles count as owned; `student` prices the student discount). */
      roles: readonly string[];
      /** The profile's region (priced in when the payment token names none). */
      region: string | null;
      /** The offering's key in the offerings reply. */
      offering: string;
      /** The offerings reply's token: the price version the buyer was shown. */
      paymentToken: string | undefined;
      promocode: string | undefined;
      affiliateCode: string | undefined;
      now: Date;
    },
    readonly context: CommandContext,
  ) {}
}
