import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DomainError, PRICE_LIST_STREAM, type PriceList } from '@app/contracts';
import { PG_POOL, PgEventStore } from '@app/server-kit';

/** The price list a purchase prices with: the latest `PriceListPublished` of the event store. */
@Injectable()
export class PriceListRepository {
  private readonly store: PgEventStore;

  constructor(@Inject(PG_POOL) pool: Pool) {
    this.store = new PgEventStore(pool);
  }

  /** The latest published list, or null before the first publication. */
  async publishedPriceList(): Promise<PriceList | null> {
    const [latest] = await this.store.readStream(PRICE_LIST_STREAM, { direction: 'backwards', maxCount: 1 });
    return latest?.type === 'PriceListPublished' ? latest.data.list : null;
  }

  /** The current list; SERVICE_UNAVAILABLE while none is published (the service publishes one at start). */
  async currentPriceList(): Promise<PriceList> {
    const list = await this.publishedPriceList();
    if (!list)
      throw new DomainError('SERVICE_UNAVAILABLE', 'No price list is published yet; try again shortly.');
    return list;
  }
}
