import { ProjectionScenario } from './testing/projection-scenario';
import { LAG_SAMPLE_RETENTION_DAYS, recordLagSample } from './lag-samples';

/* The lag samples behind analytics.projection_lag_history, against real PostgreSQL. */

let scenario: ProjectionScenario;
beforeAll(async () => {
  scenario = await ProjectionScenario.start();
});
afterAll(() => scenario.stop());

const status = (name: string, eventsBehind: number, lagMs: number) => ({ name, eventsBehind, lagMs });

async function history() {
  const rows = await scenario.asAnalyst<{ sampled_at: Date; projection: string; events_behind: string }>(
    'SELECT sampled_at, projection, events_behind FROM analytics.projection_lag_history ORDER BY 1, 2',
  );
  return rows.map((r) => [r.sampled_at.toISOString(), r.projection, Number(r.events_behind)]);
}

describe('lag samples', () => {
  it('one row per read model and minute: a second sample in the same minute (another process) adds nothing', async () => {
    const at = new Date('2026-11-26T10:15:20.500Z');
    expect(await recordLagSample(scenario.pool, [status('a', 3, 120.4), status('b', 0, 0)], at)).toBe(2);
    const later = new Date('2026-11-26T10:15:59.000Z');
    expect(await recordLagSample(scenario.pool, [status('a', 9, 900), status('b', 9, 900)], later)).toBe(0);
    const next = new Date('2026-11-26T10:16:01.000Z');
    expect(await recordLagSample(scenario.pool, [status('a', 1, 10)], next)).toBe(1);
    expect(await history()).toEqual([
      ['2026-11-26T10:15:00.000Z', 'a', 3],
      ['2026-11-26T10:15:00.000Z', 'b', 0],
      ['2026-11-26T10:16:00.000Z', 'a', 1],
    ]);
  });

  it(`keeps ${LAG_SAMPLE_RETENTION_DAYS} days: older samples go as new ones come`, async () => {
    const later = new Date(Date.parse('2026-11-26T10:16:30.000Z') + LAG_SAMPLE_RETENTION_DAYS * 86_400_000);
    await recordLagSample(scenario.pool, [status('a', 0, 0)], later);
    // Every earlier sample is more than 30 days older than this one (10:16:00 by 30 s): only it is left.
    expect(await history()).toEqual([['2026-12-26T10:16:00.000Z', 'a', 0]]);
  });
});
