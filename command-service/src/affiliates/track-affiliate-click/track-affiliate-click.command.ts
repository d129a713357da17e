import type { CommandContext } from '../../infrastructure/request-context';

export class TrackAffiliateClickCommand {
  constructor(
    readonly affiliateCode: string,
    readonly landingPath: string | null,
    readonly context: CommandContext,
  ) {}
}
