import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Pool } from 'pg';
import { affiliateClicksDaily } from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  ValidatedInput,
  PG_POOL,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { ReadYourWrites } from '../../infrastructure/read-your-writes';
import { affiliateClicksDailyProjection } from './affiliate-clicks-daily.projection';

@Controller()
export class AffiliateClicksDailyController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @ContractRoute(affiliateClicksDaily)
  async daily(
    @ValidatedInput() { input }: CallInput<typeof affiliateClicksDaily>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [affiliateClicksDailyProjection.name]);
    const result = await this.pool.query<{ day: string; affiliate_code: string; count: string }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, affiliate_code, count FROM rm_affiliate_clicks_daily
        WHERE ($1::date IS NULL OR day >= $1) AND ($2::date IS NULL OR day <= $2) AND ($3::text IS NULL OR affiliate_code = $3)
        ORDER BY day DESC, affiliate_code LIMIT 10000`,
      [input.from ?? null, input.to ?? null, input.code ?? null],
    );
    return {
      rows: result.rows.map((r) => ({ day: r.day, affiliateCode: r.affiliate_code, count: Number(r.count) })),
    };
  }
}
