import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  type Principal,
  type TrackingDay,
  affiliateSaleCategory,
  affiliateSaleCutCents,
  getAffiliateTracking,
} from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  PG_POOL,
  ValidatedInput,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { ReadYourWrites } from '../../infrastructure/read-your-writes';
import { affiliateTrackingProjection } from './affiliate-tracking.projection';

const DAY_MS = 24 * 60 * 60 * 1000;

type SaleRow = {
  day: string;
  products: string[];
  amount: string;
  usd_amount: string;
  amount_refunded: string;
  fully_refunded: boolean;
  sold_at: Date;
};

/** What a sale kept after its refunds, in US cents (a refund is in the sale's currency: scaled), half up. */
function keptUsdCents(sale: SaleRow): number {
  const amount = Number(sale.amount);
  const refunded = Number(sale.amount_refunded);
  if (sale.fully_refunded || refunded >= amount) return 0;
  const usd = Number(sale.usd_amount);
  return refunded <= 0 ? usd : Math.floor((usd * (amount - refunded)) / amount + 0.5);
}

/** The days from `lookback − 1` days ago to today (UTC), oldest first. */
function lookbackDays(lookback: number, now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: lookback }, (_, i) =>
    new Date(today - (lookback - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

@Controller()
export class AffiliateTrackingController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  /** One row per UTC day of the lookback: a user who is no affiliate gets the days with zeros. */
  @ContractRoute(getAffiliateTracking)
  async tracking(
    @ValidatedInput() { input }: CallInput<typeof getAffiliateTracking>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [affiliateTrackingProjection.name]);
    const days = lookbackDays(input.lookback, new Date());
    const rows = new Map<string, TrackingDay>(
      days.map((day) => [
        day,
        {
          day,
          clicks: 0,
          promocodeApplications: 0,
          sales: { algoexpert: 0, systemsexpert: 0, mlexpert: 0, bundle: 0, other: 0 },
          amount: 0,
          cut: 0,
        },
      ]),
    );
    const account = principal.kind === 'user' ? await this.accountOf(principal.userId) : null;
    if (account) {
      const from = days[0];
      const codes = await this.pool.query<{ day: string; clicks: number; promocode_applications: number }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(clicks)::int AS clicks,
                sum(promocode_applications) FILTER (WHERE code = lower($2))::int AS promocode_applications
           FROM rm_affiliate_tracking_codes WHERE code IN (lower($1), lower($2)) AND day >= $3
          GROUP BY day`,
        [account.alias, account.promocode, from],
      );
      for (const row of codes.rows) {
        const day = rows.get(row.day);
        if (!day) continue;
        day.clicks = row.clicks;
        day.promocodeApplications = row.promocode_applications ?? 0;
      }
      const sales = await this.pool.query<SaleRow>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, products, amount, usd_amount, amount_refunded, fully_refunded, sold_at
           FROM rm_affiliate_tracking_sales WHERE affiliate_id = $1 AND day >= $2`,
        [account.affiliate_id, from],
      );
      const cut = {
        cutFlat: account.cut_flat,
        cutPerc: account.cut_perc === null ? null : Number(account.cut_perc),
      };
      for (const [dayKey, day] of rows) {
        const own = sales.rows.filter((s) => s.day === dayKey);
        for (const sale of own) {
          day.sales[affiliateSaleCategory(sale.products)] += 1;
          day.amount += keptUsdCents(sale);
        }
        day.cut = affiliateSaleCutCents(
          own.map((s) => ({
            amountCents: Number(s.amount),
            usdCents: Number(s.usd_amount),
            refundedCents: Number(s.amount_refunded),
            fullyRefunded: s.fully_refunded,
            soldAt: s.sold_at.toISOString(),
          })),
          cut,
        );
      }
    }
    return { lookback: input.lookback, days: [...rows.values()] };
  }

  private async accountOf(userId: string) {
    const { rows } = await this.pool.query<{
      affiliate_id: string;
      alias: string;
      promocode: string;
      cut_flat: number | null;
      cut_perc: string | null;
    }>(
      `SELECT a.* FROM rm_affiliate_tracking_accounts a JOIN identity_profiles p ON lower(p.email) = lower(a.email)
        WHERE p.user_id = $1 LIMIT 1`,
      [userId],
    );
    return rows[0] ?? null;
  }
}
