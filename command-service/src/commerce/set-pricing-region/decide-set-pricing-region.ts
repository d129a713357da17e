import { DomainError, type PriceList } from '@app/contracts';
import type { Decision } from '../../infrastructure/aggregate-store';
import type { SetPricingRegionCommand } from './set-pricing-region.command';

export type PricingRegionState = { priceList: PriceList };

/**
 * A region the current price list prices is accepted with one PricingRegionSet (choosing the region the
 * account has again is recorded too: the answer always carries a position to read after); a region
 * without prices is refused, naming the ones there are.
 */
export function decideSetPricingRegion(
  { request }: SetPricingRegionCommand,
  { priceList }: PricingRegionState,
): Decision {
  const regions = Object.keys(priceList.regions).sort();
  if (!priceList.regions[request.region]) {
    return new DomainError(
      'PRICING_REGION_UNKNOWN',
      `There are no prices for the region "${request.region}"; choose one of ${regions.join(', ')}.`,
    );
  }
  return [{ type: 'PricingRegionSet', data: { userId: request.userId, region: request.region } }];
}
