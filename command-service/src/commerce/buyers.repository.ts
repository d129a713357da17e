import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { Principal, PricingBuyer } from '@app/contracts';
import { PG_POOL } from '@app/server-kit';

/**
 * The caller as `priceOffering` sees them on the command side: owned products and the student role
 * from the principal, the region from the profile (via the principal), and when the account was first
 * seen (its registration, the exploding offer's start) from identity_users.
 */
@Injectable()
export class BuyersRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async pricingBuyer(principal: Principal): Promise<{ buyer: PricingBuyer; region: string | null }> {
    if (principal.kind !== 'user') {
      return { buyer: { ownedProducts: [], isStudent: false, firstSeenAt: null }, region: null };
    }
    const { rows } = await this.pool.query<{ created_at: Date }>(
      'SELECT created_at FROM identity_users WHERE user_id = $1',
      [principal.userId],
    );
    return {
      buyer: {
        ownedProducts: principal.products,
        isStudent: principal.roles.includes('student'),
        firstSeenAt: rows[0]?.created_at ?? null,
      },
      region: principal.region ?? null,
    };
  }
}
