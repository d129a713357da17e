import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  DomainError,
  type PromoCodeState,
  type PromoCodeTerms,
  checkPromoCode,
  normalizePromoCode,
  promoCodeSchema,
  promoCodeStreamId,
} from '@app/contracts';
import { PG_POOL, PgEventStore } from '@app/server-kit';
import { promoCodeAggregate } from './promo-code.aggregate';

/** Promo codes as the command side sees them: folded from each code's own stream. */
@Injectable()
export class PromoCodesRepository {
  private readonly store: PgEventStore;

  constructor(@Inject(PG_POOL) pool: Pool) {
    this.store = new PgEventStore(pool);
  }

  /** The code's state, null when nobody created it (or the text cannot be a code). */
  async promoCode(code: string): Promise<PromoCodeState | null> {
    if (!promoCodeSchema.safeParse(code).success) return null;
    const events = await this.store.readWholeStream(promoCodeStreamId(normalizePromoCode(code)));
    return events.reduce(promoCodeAggregate.evolve, promoCodeAggregate.initialState());
  }

  /**
   * The terms a buyer gets from a code, or the typed refusal (spec 4): SUBSCRIPTIONS_BAD_PROMOCODE,
   * SUBSCRIPTIONS_EXPIRED_PROMOCODE, SUBSCRIPTIONS_OWN_PROMOCODE or SUBSCRIPTIONS_PROMOCODE_FAILED.
   */
  async promoCodeTerms(
    code: string,
    buyer: { userId: string | null; region: string; now: Date },
  ): Promise<PromoCodeTerms> {
    const result = checkPromoCode(await this.promoCode(code), buyer);
    if ('refusal' in result) throw new DomainError(result.refusal.code, result.refusal.message);
    return result.terms;
  }
}
