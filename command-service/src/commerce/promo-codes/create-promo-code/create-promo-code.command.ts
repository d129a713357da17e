import type { CallInput } from '@app/server-kit';
import type { createPromoCode } from '@app/contracts';
import type { CommandContext } from '@app/server-kit';

/** Staff create a promo code. */
export class CreatePromoCodeCommand {
  constructor(
    readonly request: CallInput<typeof createPromoCode>['input'],
    readonly context: CommandContext,
  ) {}
}
