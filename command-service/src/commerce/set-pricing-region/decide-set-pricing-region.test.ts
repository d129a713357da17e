import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DomainError, type PriceList, priceListSchema } from '@app/contracts';
import { decideSetPricingRegion } from './decide-set-pricing-region';
import { SetPricingRegionCommand } from './set-pricing-region.command';

const userId = '2b1f3c1e-0000-4000-8000-000000000007';
const priceList: PriceList = priceListSchema.parse(
  JSON.parse(readFileSync(path.resolve(__dirname, '../../../../content/commerce/price-list.json'), 'utf8')),
);
const choose = (region: string, currentRegion: string | null = null) =>
  new SetPricingRegionCommand(
    { userId, region, currentRegion },
    { actor: { kind: 'user', id: userId }, correlationId: 'c' },
  );

describe('set pricing region: given the price list, when an account chooses a region, then', () => {
  it('a priced region is one PricingRegionSet', () => {
    expect(decideSetPricingRegion(choose('IN'), { priceList })).toEqual([
      { type: 'PricingRegionSet', data: { userId, region: 'IN' } },
    ]);
  });
  it('moving from one region to another is one event too', () => {
    expect(decideSetPricingRegion(choose('EU', 'US'), { priceList })).toEqual([
      { type: 'PricingRegionSet', data: { userId, region: 'EU' } },
    ]);
  });
  it('choosing the region the account has again is recorded again (an acknowledged, readable choice)', () => {
    expect(decideSetPricingRegion(choose('US', 'US'), { priceList })).toEqual([
      { type: 'PricingRegionSet', data: { userId, region: 'US' } },
    ]);
  });
  it('a region without prices is refused, naming the priced ones', () => {
    expect(decideSetPricingRegion(choose('BR'), { priceList })).toEqual(
      new DomainError(
        'PRICING_REGION_UNKNOWN',
        'There are no prices for the region "BR"; choose one of EU, IN, US.',
      ),
    );
  });
});
