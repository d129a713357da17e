import type { GivenEvent } from '@app/server-kit';
import { ProjectionScenario } from '../../runtime/testing/projection-scenario';
import { dateColumn } from '../../runtime/testing/given-events';
import { affiliateClicksDailyProjection as projection } from './affiliate-clicks-daily.projection';

const clicked = (affiliateCode: string, at: string, landingPath: string | null = '/product'): GivenEvent => ({
  type: 'AffiliateLinkClicked',
  streamId: `affiliate-${affiliateCode}`,
  occurredAt: at,
  data: { affiliateCode, landingPath },
});
const count = (day: string, affiliateCode: string, n: number) => ({
  day: dateColumn(day),
  affiliate_code: affiliateCode,
  count: String(n),
});

describe('affiliate-clicks-daily read model', () => {
  let scenario: ProjectionScenario;
  beforeAll(async () => {
    scenario = await ProjectionScenario.start();
  });
  afterAll(async () => {
    await scenario.stop();
  });

  it('given clicks of several codes around midnight UTC, when projected in one batch or one by one, then they are counted per UTC day and code, whatever the landing path', async () => {
    const events = [
      clicked('ALICE', '2026-11-21T23:59:59.999Z'),
      clicked('ALICE', '2026-11-22T00:00:00.000Z', null),
      clicked('BOB', '2026-11-22T12:00:00.000Z'),
      clicked('ALICE', '2026-11-22T13:00:00.000Z', '/pricing'),
    ];
    for (const batchSize of [1, events.length]) {
      const rows = await scenario.given(projection, events, { batchSize });
      expect(rows).toEqual({
        rm_affiliate_clicks_daily: [
          count('2026-11-21', 'ALICE', 1),
          count('2026-11-22', 'ALICE', 2),
          count('2026-11-22', 'BOB', 1),
        ],
      });
    }
  });

  it('given a day counted in an earlier batch, when more of its clicks are projected, then they add to its count', async () => {
    await scenario.given(projection, [clicked('ALICE', '2026-11-22T01:00:00.000Z')]);
    await scenario.applyBatch(projection, scenario.events([clicked('ALICE', '2026-11-22T02:00:00.000Z')]));
    expect((await scenario.rows(projection)).rm_affiliate_clicks_daily).toEqual([
      count('2026-11-22', 'ALICE', 2),
    ]);
  });

  it('a rebuild gives the same rows as the live run', async () => {
    const events = Array.from({ length: 12 }, (_, i) =>
      clicked(
        ['ALICE', 'BOB', 'CAROL', 'ALICE'][i % 4],
        new Date(Date.UTC(2026, 10, 21, 18 + i * 3)).toISOString(),
      ),
    );
    for (const liveBatchSize of [1, 3]) {
      const rows = await scenario.rebuildEqualsLive(projection, events, liveBatchSize);
      expect(rows.rm_affiliate_clicks_daily.reduce((sum, row) => sum + Number(row.count), 0)).toBe(12);
    }
  });
});
