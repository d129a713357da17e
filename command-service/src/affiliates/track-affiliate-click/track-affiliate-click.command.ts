import type { CommandContext } from '@app/server-kit';

export class TrackAffiliateClickCommand {
  constructor(
    readonly affiliateCode: string,
    readonly landingPath: string | null,
    readonly context: CommandContext,
  ) {}
}
