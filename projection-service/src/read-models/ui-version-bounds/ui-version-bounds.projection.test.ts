import { UI_VERSION_BOUNDS_STREAM } from '@app/contracts';
import type { GivenEvent } from '@app/server-kit';
import { ProjectionScenario } from '../../runtime/testing/projection-scenario';
import { uiVersionBoundsProjection as projection } from './ui-version-bounds.projection';

const boundsSet = (minSupported: string | null, minRecommended: string | null, at: string): GivenEvent => ({
  type: 'UiVersionBoundsSet',
  streamId: UI_VERSION_BOUNDS_STREAM,
  occurredAt: at,
  data: { minSupported, minRecommended },
});
const bounds = (minSupported: string | null, minRecommended: string | null, at: string) => ({
  id: 1,
  min_supported: minSupported,
  min_recommended: minRecommended,
  updated_at: new Date(at),
});

describe('ui-version-bounds read model', () => {
  let scenario: ProjectionScenario;
  beforeAll(async () => {
    scenario = await ProjectionScenario.start();
  });
  afterAll(async () => {
    await scenario.stop();
  });

  it('given no bounds set, when projected, then there is no row', async () => {
    expect(await scenario.given(projection, [])).toEqual({ rm_ui_version_bounds: [] });
  });

  it('given bounds set several times, when projected in one batch or one by one, then the one row holds the last bounds and when they were set', async () => {
    const events = [
      boundsSet('1.0.0', '1.2.0', '2026-11-20T10:00:00.000Z'),
      boundsSet('1.1.0', null, '2026-11-21T10:00:00.000Z'),
      boundsSet(null, '1.3.0', '2026-11-22T10:00:00.000Z'),
    ];
    for (const batchSize of [1, 2, 3]) {
      const rows = await scenario.given(projection, events, { batchSize });
      expect(rows).toEqual({ rm_ui_version_bounds: [bounds(null, '1.3.0', '2026-11-22T10:00:00.000Z')] });
    }
  });

  it('given the same batch delivered twice, when projected, then the row is that of one delivery', async () => {
    const batch = scenario.events([
      boundsSet('1.0.0', '1.2.0', '2026-11-20T10:00:00.000Z'),
      boundsSet('1.1.0', '1.2.0', '2026-11-21T10:00:00.000Z'),
    ]);
    const once = await scenario.given(projection, batch, { batchSize: 2 });
    await scenario.applyBatch(projection, batch);
    expect(await scenario.rows(projection)).toEqual(once);
  });

  it('a rebuild gives the same rows as the live run', async () => {
    const events = Array.from({ length: 10 }, (_, i) =>
      boundsSet(
        i % 4 === 3 ? null : `1.${i}.0`,
        i % 3 === 2 ? null : `1.${i + 1}.0`,
        new Date(Date.UTC(2026, 10, 20, i)).toISOString(),
      ),
    );
    for (const liveBatchSize of [1, 3]) {
      const rows = await scenario.rebuildEqualsLive(projection, events, liveBatchSize);
      expect(rows.rm_ui_version_bounds).toEqual([bounds('1.9.0', '1.10.0', '2026-11-20T09:00:00.000Z')]);
    }
  });
});
