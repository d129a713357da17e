import type { CallInput } from '@app/server-kit';
import type { expirePromoCode } from '@app/contracts';
import type { CommandContext } from '@app/server-kit';

/** Staff end a promo code now. */
export class ExpirePromoCodeCommand {
  constructor(
    readonly request: CallInput<typeof expirePromoCode>['input'],
    readonly context: CommandContext,
  ) {}
}
