import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Pool } from 'pg';
import { type PartnerDashboard, type Principal, getPartnerDashboard } from '@app/contracts';
import {
  ContractRoute,
  CurrentPrincipal,
  PG_POOL,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { ReadYourWrites } from '../../infrastructure/read-your-writes';
import { affiliateEarningsProjection } from './affiliate-earnings.projection';
import { affiliateMonths } from './affiliate-months';

/** A partner's codes, each with its months, and the months summed over the codes (oldest first). */
@Controller()
export class PartnersController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @ContractRoute(getPartnerDashboard)
  async dashboard(
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ): Promise<PartnerDashboard> {
    await this.readYourWrites.ensure(request, response, [affiliateEarningsProjection.name]);
    if (principal.kind !== 'user') return { isPartner: false, codes: [], months: [] };
    const { rows } = await this.pool.query<{
      affiliate_id: string;
      alias: string;
      promocode: string;
      expired: boolean;
    }>(
      `SELECT a.affiliate_id, a.alias, a.promocode, a.expired
         FROM rm_affiliate_partners g
         JOIN identity_profiles p ON lower(p.email) = g.email
         JOIN rm_affiliates a ON a.affiliate_id = ANY(g.affiliate_ids)
        WHERE p.user_id = $1
        ORDER BY a.alias`,
      [principal.userId],
    );
    if (rows.length === 0) return { isPartner: false, codes: [], months: [] };
    const now = new Date();
    const codes = [];
    for (const row of rows) {
      codes.push({
        id: row.affiliate_id,
        alias: row.alias,
        promocode: row.promocode,
        isExpired: row.expired,
        months: await affiliateMonths(this.pool, row.affiliate_id, now),
      });
    }
    const summed = new Map<string, PartnerDashboard['months'][number]>();
    for (const month of codes.flatMap((code) => code.months)) {
      const total = summed.get(month.month) ?? {
        month: month.month,
        sales: 0,
        grossCents: 0,
        earningsCents: 0,
      };
      total.sales += month.sales;
      total.grossCents += month.grossCents;
      total.earningsCents += month.earningsCents;
      summed.set(month.month, total);
    }
    return {
      isPartner: true,
      codes,
      months: [...summed.values()].sort((a, b) => a.month.localeCompare(b.month)),
    };
  }
}
