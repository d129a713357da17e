import type { LicensedProduct } from '@app/contracts';
import type { CommandContext } from '@app/server-kit';

/** v2 and v3 licenses/purchase: a signed-in buyer starts paying for seats of some products. */
export class PurchaseLicencesCommand {
  constructor(
    readonly request: {
      userId: string;
      /** The profile's region (priced in; else the list's default). */
      region: string | null;
      products: LicensedProduct[];
      seats: number;
      isEnterprise: boolean;
      promocode: string | undefined;
      now: Date;
    },
    readonly context: CommandContext,
  ) {}
}
