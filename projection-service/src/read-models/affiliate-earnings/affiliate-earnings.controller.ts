import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Pool } from 'pg';
import {
  type AffiliateInfo,
  type AffiliateMonthRow,
  type Principal,
  affiliateMonthIndex,
  affiliatePayoutStatus,
  getAffiliateAccount,
  getAffiliateData,
  getLastAffiliatePayout,
  listAffiliates,
  monthOf,
  monthsBetween,
} from '@app/contracts';
import { ContractRoute, CurrentPrincipal, PG_POOL } from '@app/server-kit';
import { ReadYourWrites } from '../../infrastructure/read-your-writes';
import { affiliateEarningsProjection } from './affiliate-earnings.projection';

type AccountRow = {
  affiliate_id: string;
  alias: string;
  email: string;
  cut_flat: number | null;
  cut_perc: string | null;
  promocode: string;
  expired: boolean;
  created_at: Date;
};

const NOT_AN_AFFILIATE: AffiliateInfo = {
  isAffiliate: false,
  id: null,
  alias: null,
  email: null,
  cutFlat: null,
  cutPerc: null,
  createdAt: null,
  isExpired: false,
  promocode: null,
};

const toInfo = (row: AccountRow): AffiliateInfo => ({
  isAffiliate: true,
  id: row.affiliate_id,
  alias: row.alias,
  email: row.email,
  cutFlat: row.cut_flat,
  cutPerc: row.cut_perc === null ? null : Number(row.cut_perc),
  createdAt: row.created_at.toISOString(),
  isExpired: row.expired,
  promocode: row.promocode,
});

/**
 * The signed-in affiliate's info, months and last payout. The affiliate is the account whose email
 * staff enrolled (an active enrolment before an expired one, the newest first).
 */
@Controller()
export class AffiliateEarningsController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @ContractRoute(getAffiliateData)
  async data(
    @CurrentPrincipal() principal: Principal,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    await this.readYourWrites.ensure(request, response, [affiliateEarningsProjection.name]);
    const account = await this.accountOf(principal);
    if (!account) return { ...NOT_AN_AFFILIATE, months: [] };
    return { ...toInfo(account), months: await this.months(account.affiliate_id, new Date()) };
  }

  @ContractRoute(getAffiliateAccount)
  async account(
    @CurrentPrincipal() principal: Principal,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    await this.readYourWrites.ensure(request, response, [affiliateEarningsProjection.name]);
    const account = await this.accountOf(principal);
    return account ? toInfo(account) : NOT_AN_AFFILIATE;
  }

  @ContractRoute(getLastAffiliatePayout)
  async lastPayout(
    @CurrentPrincipal() principal: Principal,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    await this.readYourWrites.ensure(request, response, [affiliateEarningsProjection.name]);
    const account = await this.accountOf(principal);
    if (!account) return { lastPayout: null };
    const { rows } = await this.pool.query<{ month: string; amount: string; sent_at: Date }>(
      'SELECT month, amount, sent_at FROM rm_affiliate_payouts WHERE affiliate_id = $1 ORDER BY month DESC LIMIT 1',
      [account.affiliate_id],
    );
    const last = rows[0];
    return {
      lastPayout: last
        ? { month: last.month, amount: Number(last.amount), sentAt: last.sent_at.toISOString() }
        : null,
    };
  }

  @ContractRoute(listAffiliates)
  async list(@Req() request: Request, @Res({ passthrough: true }) response: Response) {
    await this.readYourWrites.ensure(request, response, [affiliateEarningsProjection.name]);
    const { rows } = await this.pool.query<AccountRow>(
      'SELECT * FROM rm_affiliates ORDER BY created_at DESC, alias LIMIT 10000',
    );
    return { affiliates: rows.map(toInfo) };
  }

  private async accountOf(principal: Principal): Promise<AccountRow | null> {
    if (principal.kind !== 'user') return null;
    const { rows } = await this.pool.query<AccountRow>(
      `SELECT a.* FROM rm_affiliates a JOIN identity_profiles p ON lower(p.email) = lower(a.email)
        WHERE p.user_id = $1 ORDER BY a.expired, a.created_at DESC LIMIT 1`,
      [principal.userId],
    );
    return rows[0] ?? null;
  }

  /** Every month from the first sale to the current one, oldest first, with its payout status. */
  private async months(affiliateId: string, now: Date): Promise<AffiliateMonthRow[]> {
    const stored = await this.pool.query<{
      month: string;
      sales: number;
      gross_cents: string;
      fee_cents: string;
      reduction_cents: string;
      earnings_cents: string;
    }>('SELECT * FROM rm_affiliate_months WHERE affiliate_id = $1 ORDER BY month', [affiliateId]);
    if (stored.rows.length === 0) return [];
    const paid = await this.pool.query<{ month: string | null }>(
      'SELECT max(month) AS month FROM rm_affiliate_payouts WHERE affiliate_id = $1',
      [affiliateId],
    );
    const lastPaidMonth = paid.rows[0]?.month ?? null;
    const byMonth = new Map(stored.rows.map((row) => [row.month, row]));
    const first = stored.rows[0].month;
    const last = [stored.rows[stored.rows.length - 1].month, monthOf(now)].sort()[1];
    return monthsBetween(first, last).map((month) => {
      const row = byMonth.get(month);
      const earningsCents = row ? Number(row.earnings_cents) : 0;
      return {
        month,
        monthIndex: affiliateMonthIndex(month),
        sales: row?.sales ?? 0,
        grossCents: row ? Number(row.gross_cents) : 0,
        feeCents: row ? Number(row.fee_cents) : 0,
        reductionCents: row ? Number(row.reduction_cents) : 0,
        earningsCents,
        status: affiliatePayoutStatus(month, earningsCents, lastPaidMonth),
      };
    });
  }
}
