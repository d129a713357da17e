import type { CommandContext } from '@app/server-kit';

/** users/v1/pricing-region/set: the signed-in account chooses the region its prices are in. */
export class SetPricingRegionCommand {
  constructor(
    readonly request: {
      userId: string;
      /** Two capital letters (the schema has upper-cased it). */
      region: string;
      /** The region the profile holds now (null before the first choice). */
      currentRegion: string | null;
    },
    readonly context: CommandContext,
  ) {}
}
