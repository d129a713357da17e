import type { GivenEvent } from '@app/server-kit';
import { ProjectionScenario } from '../../runtime/testing/projection-scenario';
import { dateColumn } from '../../runtime/testing/given-events';
import { telemetryDailyProjection as projection } from './telemetry-daily.projection';

const recorded = (eventType: string, at: string): GivenEvent => ({
  type: 'TelemetryEventRecorded',
  streamId: `telemetry-${at}`,
  occurredAt: at,
  data: { eventType, body: { message: 'boom' }, machineUuid: 'm1' },
});
const count = (day: string, eventType: string, n: number) => ({
  day: dateColumn(day),
  event_type: eventType,
  count: String(n),
});

describe('telemetry-daily read model', () => {
  let scenario: ProjectionScenario;
  beforeAll(async () => {
    scenario = await ProjectionScenario.start();
  });
  afterAll(async () => {
    await scenario.stop();
  });

  it('given client events of several types around midnight UTC, when projected in one batch or one by one, then they are counted per UTC day and type', async () => {
    const events = [
      recorded('crash', '2026-11-21T23:59:59.999Z'),
      recorded('crash', '2026-11-22T00:00:00.000Z'),
      recorded('network-error', '2026-11-22T08:00:00.000Z'),
      recorded('crash', '2026-11-22T23:00:00.000Z'),
      recorded('forced-refresh', '2026-11-23T01:00:00.000Z'),
    ];
    for (const batchSize of [1, events.length]) {
      const rows = await scenario.given(projection, events, { batchSize });
      expect(rows).toEqual({
        rm_telemetry_daily: [
          count('2026-11-21', 'crash', 1),
          count('2026-11-22', 'crash', 2),
          count('2026-11-22', 'network-error', 1),
          count('2026-11-23', 'forced-refresh', 1),
        ],
      });
    }
  });

  it('given a day counted in an earlier batch, when more of its events are projected, then they add to its count', async () => {
    await scenario.given(projection, [recorded('crash', '2026-11-22T01:00:00.000Z')]);
    await scenario.applyBatch(
      projection,
      scenario.events([
        recorded('crash', '2026-11-22T02:00:00.000Z'),
        recorded('crash', '2026-11-22T03:00:00.000Z'),
      ]),
    );
    expect((await scenario.rows(projection)).rm_telemetry_daily).toEqual([count('2026-11-22', 'crash', 3)]);
  });

  it('a rebuild gives the same rows as the live run', async () => {
    const events = Array.from({ length: 12 }, (_, i) =>
      recorded(
        ['crash', 'network-error', 'ui-error'][i % 3],
        new Date(Date.UTC(2026, 10, 21, 20 + i * 2)).toISOString(),
      ),
    );
    for (const liveBatchSize of [1, 3]) {
      const rows = await scenario.rebuildEqualsLive(projection, events, liveBatchSize);
      expect(rows.rm_telemetry_daily.reduce((sum, row) => sum + Number(row.count), 0)).toBe(12);
      expect(rows.rm_telemetry_daily).toContainEqual(count('2026-11-21', 'crash', 1));
    }
  });
});
