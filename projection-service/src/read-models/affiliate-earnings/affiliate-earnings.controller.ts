import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  type AffiliateInfo,
  type Principal,
  getAffiliateAccount,
  getAffiliateData,
  getLastAffiliatePayout,
  listAffiliates,
} from '@app/contracts';
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
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [affiliateEarningsProjection.name]);
    const account = await this.accountOf(principal);
    if (!account) return { ...NOT_AN_AFFILIATE, months: [] };
    return { ...toInfo(account), months: await affiliateMonths(this.pool, account.affiliate_id, new Date()) };
  }

  @ContractRoute(getAffiliateAccount)
  async account(
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [affiliateEarningsProjection.name]);
    const account = await this.accountOf(principal);
    return account ? toInfo(account) : NOT_AN_AFFILIATE;
  }

  @ContractRoute(getLastAffiliatePayout)
  async lastPayout(
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
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
  async list(@Req() request: HttpRequest, @Res({ passthrough: true }) response: HttpResponse) {
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
}
