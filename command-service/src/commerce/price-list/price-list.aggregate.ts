import type { PriceList } from '@app/contracts';
import type { Aggregate } from '../../infrastructure/aggregate-store';

/** The `price-list` stream folded: the latest published list (null before the first). */
export type PublishedPriceList = PriceList | null;

export const priceListAggregate: Aggregate<PublishedPriceList> = {
  initialState: () => null,
  evolve(state, event) {
    switch (event.type) {
      case 'PriceListPublished':
        return event.data.list;
      default:
        return state;
    }
  },
};

/** The `price-list` stream folded by version: every list ever published (a charge names its version). */
export const priceListVersionsAggregate: Aggregate<ReadonlyMap<number, PriceList>> = {
  initialState: () => new Map(),
  evolve(state, event) {
    switch (event.type) {
      case 'PriceListPublished':
        return new Map(state).set(event.data.version, event.data.list);
      default:
        return state;
    }
  },
};
