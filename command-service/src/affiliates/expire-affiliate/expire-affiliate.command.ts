import type { CommandContext } from '@app/server-kit';

/** Staff end an affiliate: later sales earn them nothing. */
export class ExpireAffiliateCommand {
  constructor(
    readonly affiliateId: string,
    readonly context: CommandContext,
  ) {}
}
