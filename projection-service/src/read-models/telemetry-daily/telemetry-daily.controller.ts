import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Pool } from 'pg';
import { telemetryDailyCounts } from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  ValidatedInput,
  PG_POOL,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { ReadYourWrites } from '../../infrastructure/read-your-writes';
import { telemetryDailyProjection } from './telemetry-daily.projection';

@Controller()
export class TelemetryDailyController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @ContractRoute(telemetryDailyCounts)
  async daily(
    @ValidatedInput() { input }: CallInput<typeof telemetryDailyCounts>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [telemetryDailyProjection.name]);
    const result = await this.pool.query<{ day: string; type: string; count: string }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, event_type AS type, count FROM rm_telemetry_daily
        WHERE ($1::date IS NULL OR day >= $1) AND ($2::date IS NULL OR day <= $2) AND ($3::text IS NULL OR event_type = $3)
        ORDER BY day DESC, event_type LIMIT 10000`,
      [input.from ?? null, input.to ?? null, input.type ?? null],
    );
    return { rows: result.rows.map((r) => ({ day: r.day, type: r.type, count: Number(r.count) })) };
  }
}
