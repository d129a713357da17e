import type { Appended, CommandContext } from '@app/server-kit';

/** Record the payout of one ended month: by staff, or by the payout job on the 1st. */
export class SendAffiliatePayoutCommand {
  constructor(
    readonly affiliateId: string,
    /** YYYY-MM. */
    readonly month: string,
    readonly context: CommandContext,
    /** The clock's reading when the command was given (the month must have ended by then). */
    readonly now: Date,
  ) {}
}

export type PayoutResult = { appended: Appended; amount: number; alreadySent: boolean };
