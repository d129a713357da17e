import { userDataStreamId } from '@app/contracts';
import type { GivenEvent } from '@app/server-kit';
import { ProjectionScenario } from '../../runtime/testing/projection-scenario';
import { accountWiped } from '../../runtime/testing/given-events';
import { userDataProjection as projection } from './user-data.projection';

/*
 * The user-data read model, applied batch by batch in PostgreSQL, in the orders the Kafka feed can
 * deliver: a wipe (the user's stream) may arrive before sets made earlier (their own streams).
 */

const ana = '00000000-0000-4000-8000-00000000000a';
const bo = '00000000-0000-4000-8000-00000000000b';
const cy = '00000000-0000-4000-8000-00000000000c';

const setData = (
  userId: string,
  data: Record<string, unknown>,
  options: { deepMerge?: boolean; product?: 'algoexpert' | 'frontendexpert'; at?: string } = {},
): GivenEvent => {
  const product = options.product ?? 'algoexpert';
  return {
    type: 'UserDataSet',
    streamId: userDataStreamId(product, userId),
    occurredAt: options.at,
    data: { userId, product, data, deepMerge: options.deepMerge ?? true },
  };
};

describe('user-data read model', () => {
  let scenario: ProjectionScenario;
  beforeAll(async () => {
    scenario = await ProjectionScenario.start();
  });
  afterAll(async () => {
    await scenario.stop();
  });

  const documentsOf = async (userId: string) =>
    (await scenario.rows(projection)).rm_user_data
      .filter((row) => row.user_id === userId)
      .map(({ product, document }) => ({ product, document }));

  it('given sets of two products, when projected within a batch and across batches, then each document is the sets merged in order, updated at the last one', async () => {
    const rows = await scenario.given(
      projection,
      [
        setData(ana, { a: { x: 1, y: 2 } }),
        setData(ana, { a: { y: null, z: 3 } }, { at: '2026-11-23T00:00:02.000Z' }),
        setData(ana, { a: { w: 0 }, b: [1] }, { deepMerge: false, at: '2026-11-23T00:00:03.000Z' }),
        setData(ana, { s: 'f' }, { product: 'frontendexpert', at: '2026-11-23T00:00:04.000Z' }),
      ],
      { batchSize: 2 },
    );
    expect(rows).toEqual({
      rm_user_data: [
        {
          user_id: ana,
          product: 'algoexpert',
          document: { a: { w: 0 }, b: [1] },
          updated_at: new Date('2026-11-23T00:00:03.000Z'),
        },
        {
          user_id: ana,
          product: 'frontendexpert',
          document: { s: 'f' },
          updated_at: new Date('2026-11-23T00:00:04.000Z'),
        },
      ],
      rm_user_data_wiped_users: [],
    });
  });

  it('given a wipe in order and a wipe delivered before sets made earlier (Kafka), when projected, then the wiped learners have no documents, in the same batch or a later one', async () => {
    await scenario.given(projection, [setData(ana, { a: 1 }), setData(cy, { a: 1 }), accountWiped(ana)], {
      batchSize: 3,
    });
    // The wipe delivered first, then sets made before it: in the same batch and in a later one.
    await scenario.applyBatch(projection, scenario.events([accountWiped(bo), setData(bo, { a: 1 })]));
    await scenario.applyBatch(projection, scenario.events([setData(bo, { b: 1 })]));
    await scenario.applyBatch(projection, scenario.events([setData(ana, { c: 1 })]));
    expect(await documentsOf(ana)).toEqual([]);
    expect(await documentsOf(bo)).toEqual([]);
    expect(await documentsOf(cy)).toEqual([{ product: 'algoexpert', document: { a: 1 } }]);
    expect((await scenario.rows(projection)).rm_user_data_wiped_users).toEqual([
      { user_id: ana },
      { user_id: bo },
    ]);
  });

  it('given sets and a wipe of the same learner in one batch, when projected, then the sets before the wipe are gone with it', async () => {
    const rows = await scenario.given(
      projection,
      [setData(ana, { a: 1 }), setData(ana, { b: 1 }, { product: 'frontendexpert' }), accountWiped(ana)],
      { batchSize: 3 },
    );
    expect(rows).toEqual({ rm_user_data: [], rm_user_data_wiped_users: [{ user_id: ana }] });
  });

  it('given the same batch delivered twice, when projected, then the documents are those of one delivery', async () => {
    const batch = scenario.events([
      setData(ana, { a: { x: 1 }, n: 1 }),
      setData(ana, { a: { y: 2 }, n: null }),
      setData(bo, { list: [1, 2] }, { deepMerge: false }),
    ]);
    const once = await scenario.given(projection, batch, { batchSize: batch.length });
    await scenario.applyBatch(projection, batch);
    expect(await scenario.rows(projection)).toEqual(once);
    expect(once.rm_user_data.map((row) => row.document)).toEqual([{ a: { x: 1, y: 2 } }, { list: [1, 2] }]);
  });

  it('a rebuild gives the same rows as the live run', async () => {
    const events = [
      setData(ana, { drafts: { q1: 'a' } }),
      setData(bo, { marks: { q1: true } }),
      setData(ana, { drafts: { q2: 'b' } }),
      setData(cy, { theme: 'dark' }, { product: 'frontendexpert' }),
      setData(bo, { marks: { q1: null, q2: true } }),
      setData(ana, { drafts: { q1: null } }, { product: 'frontendexpert' }),
      accountWiped(cy),
      setData(cy, { theme: 'light' }, { product: 'frontendexpert' }),
      setData(ana, { drafts: { q3: 'c' } }, { deepMerge: false }),
      setData(bo, { filters: ['easy'] }),
      setData(cy, { theme: 'dark' }),
    ];
    for (const liveBatchSize of [1, 3]) {
      const rows = await scenario.rebuildEqualsLive(projection, events, liveBatchSize);
      expect(rows.rm_user_data.map((row) => [row.user_id, row.product, row.document])).toEqual([
        [ana, 'algoexpert', { drafts: { q3: 'c' } }],
        [ana, 'frontendexpert', { drafts: {} }],
        [bo, 'algoexpert', { marks: { q2: true }, filters: ['easy'] }],
      ]);
      expect(rows.rm_user_data_wiped_users).toEqual([{ user_id: cy }]);
    }
  });
});
