import type { PriceList } from '@app/contracts';
import type { CommandContext } from '@app/server-kit';

/** Staff (or the service at start, from content/commerce/price-list.json) publish a price list. */
export class PublishPriceListCommand {
  constructor(
    readonly list: PriceList,
    readonly context: CommandContext,
  ) {}
}
