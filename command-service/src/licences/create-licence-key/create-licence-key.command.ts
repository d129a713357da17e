import type { LicensedProduct } from '@app/contracts';
import type { CommandContext } from '@app/server-kit';

/** create_license_key: the holder makes a key of `count` uses from unused seats of `product`. */
export class CreateLicenceKeyCommand {
  constructor(
    readonly request: {
      holderId: string;
      name: string;
      count: number;
      product: LicensedProduct;
      /** The new key's code, drawn by the controller (the decision stays pure). */
      code: string;
      now: Date;
    },
    readonly context: CommandContext,
  ) {}
}
