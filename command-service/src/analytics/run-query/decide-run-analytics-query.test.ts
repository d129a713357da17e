import { DomainError } from '@app/contracts';
import { decideRunAnalyticsQuery } from './decide-run-analytics-query';
import { RunAnalyticsQueryCommand } from './run-analytics-query.command';

const runId = '8b000000-0000-4000-8000-000000000001';
const analystId = '8b000000-0000-4000-8000-0000000000aa';
const sql = 'SELECT day FROM analytics.correct_days WHERE day >= :from';
const command = new RunAnalyticsQueryCommand(
  { runId, analystId, sql, params: { from: '2026-01-01T00:00:00Z', to: undefined } },
  { actor: { kind: 'user', id: analystId }, correlationId: 'c' },
);
const common = {
  runId,
  analystId,
  sql,
  params: { from: '2026-01-01T00:00:00Z' },
};

describe('run analytics query: given how the run ended, when recorded, then', () => {
  const hashed = (data: object) => ({ ...data, sqlSha256: expect.stringMatching(/^[0-9a-f]{64}$/) });

  it('a result is one succeeded AnalyticsQueryRan with its row count, duration and truncation, never the rows', () => {
    const [event] = decideRunAnalyticsQuery(command, {
      result: {
        columns: [{ name: 'day', type: 'date' }],
        rows: [['2026-01-02'], ['2026-01-03']],
        truncated: true,
        durationMs: 42,
      },
    });
    expect(event).toEqual({
      type: 'AnalyticsQueryRan',
      data: hashed({
        ...common,
        outcome: 'succeeded',
        error: null,
        durationMs: 42,
        rows: 2,
        truncated: true,
      }),
    });
    expect(JSON.stringify(event)).not.toContain('2026-01-02');
  });

  it('the SHA-256 is of the SQL text as written', () => {
    const [event] = decideRunAnalyticsQuery(command, {
      error: new DomainError('ANALYTICS_QUERY_TIMEOUT', 'late'),
      durationMs: 1,
    });
    const other = decideRunAnalyticsQuery(
      new RunAnalyticsQueryCommand({ ...command.request, sql: `${sql} ` }, command.context),
      { error: new DomainError('ANALYTICS_QUERY_TIMEOUT', 'late'), durationMs: 1 },
    )[0];
    expect(event.data.sqlSha256).not.toBe(other.data.sqlSha256);
  });

  it('a refusal is a failed run with its code and message; a cancellation is cancelled', () => {
    expect(
      decideRunAnalyticsQuery(command, {
        error: new DomainError('ANALYTICS_QUERY_REFUSED', 'two statements'),
        durationMs: 3.4,
      })[0].data,
    ).toEqual(
      hashed({
        ...common,
        outcome: 'failed',
        error: { code: 'ANALYTICS_QUERY_REFUSED', message: 'two statements' },
        durationMs: 3,
        rows: 0,
        truncated: false,
      }),
    );
    expect(
      decideRunAnalyticsQuery(command, {
        error: new DomainError('ANALYTICS_QUERY_CANCELLED', 'cancelled'),
        durationMs: 9,
      })[0].data.outcome,
    ).toBe('cancelled');
  });
});
