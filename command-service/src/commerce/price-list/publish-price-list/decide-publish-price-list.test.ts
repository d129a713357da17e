import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DomainError, type PriceList, priceListSchema } from '@app/contracts';
import { decidePublishPriceList } from './decide-publish-price-list';
import { PublishPriceListCommand } from './publish-price-list.command';

const shipped: PriceList = priceListSchema.parse(
  JSON.parse(readFileSync(join(__dirname, '../../../../../content/commerce/price-list.json'), 'utf8')),
);
const context = { actor: { kind: 'staff' as const, id: 'operator' }, correlationId: 'c' };
const publish = (list: PriceList) => new PublishPriceListCommand(list, context);

describe('publish price list: given the published list, when a list is published, then', () => {
  it('the first list is published with its version', () => {
    expect(decidePublishPriceList(publish(shipped), null)).toEqual([
      { type: 'PriceListPublished', data: { version: shipped.version, list: shipped } },
    ]);
  });

  it('a higher version is published', () => {
    const next = { ...shipped, version: shipped.version + 1 };
    expect(decidePublishPriceList(publish(next), shipped)).toEqual([
      { type: 'PriceListPublished', data: { version: next.version, list: next } },
    ]);
  });

  it('the same list again appends nothing (a restart with unchanged content)', () => {
    expect(decidePublishPriceList(publish(structuredClone(shipped)), shipped)).toEqual([]);
    // The stored list comes back from JSONB with its keys in another order: still the same list.
    const reordered = Object.fromEntries(Object.entries(shipped).reverse()) as PriceList;
    expect(decidePublishPriceList(publish(shipped), reordered)).toEqual([]);
  });

  it('the same version with other prices, or a lower version, is refused', () => {
    const changed = { ...shipped, plans: { ...shipped.plans, double: { percentOff: 1 } } };
    const refusal = decidePublishPriceList(publish(changed), shipped);
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).code).toBe('WRONG_EXPECTED_VERSION');
    const next = { ...shipped, version: shipped.version + 1 };
    expect(decidePublishPriceList(publish(shipped), next)).toBeInstanceOf(DomainError);
  });
});
