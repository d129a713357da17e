import { createHash } from 'node:crypto';
import type { AnalyticsResult, DomainError } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';
import type { RunAnalyticsQueryCommand } from './run-analytics-query.command';

/** How the run ended: the result, or the refusal (a DomainError) with how long it took. */
export type AnalyticsRunOutcome = { result: AnalyticsResult } | { error: DomainError; durationMs: number };

/**
 * Every run is recorded, refused and failed ones included: one AnalyticsQueryRan with the SQL, its
 * SHA-256, the parameters, the outcome, the duration and how many rows came back (never the rows).
 */
export function decideRunAnalyticsQuery(
  { request }: RunAnalyticsQueryCommand,
  outcome: AnalyticsRunOutcome,
): [NewEvent<'AnalyticsQueryRan'>] {
  const params = Object.fromEntries(
    Object.entries(request.params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const common = {
    runId: request.runId,
    analystId: request.analystId,
    sql: request.sql,
    sqlSha256: createHash('sha256').update(request.sql).digest('hex'),
    params,
  };
  if ('result' in outcome) {
    const { result } = outcome;
    return [
      {
        type: 'AnalyticsQueryRan',
        data: {
          ...common,
          outcome: 'succeeded',
          error: null,
          durationMs: result.durationMs,
          rows: result.rows.length,
          truncated: result.truncated,
        },
      },
    ];
  }
  const { error, durationMs } = outcome;
  return [
    {
      type: 'AnalyticsQueryRan',
      data: {
        ...common,
        outcome: error.code === 'ANALYTICS_QUERY_CANCELLED' ? 'cancelled' : 'failed',
        error: { code: error.code, message: error.message.slice(0, 2000) },
        durationMs: Math.round(durationMs),
        rows: 0,
        truncated: false,
      },
    },
  ];
}
