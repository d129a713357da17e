import { firstRunStreamId } from '@app/contracts';
import type { GivenEvent } from '@app/server-kit';
import { ProjectionScenario } from '../../runtime/testing/projection-scenario';
import { learnerFunnelProjection as projection } from './learner-funnel.projection';

const ada = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const bo = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

const visit = (machineUuid: string, userId: string | null, at: string, path = '/'): GivenEvent => ({
  type: 'SiteVisited',
  streamId: `telemetry-${machineUuid}`,
  occurredAt: at,
  data: { machineUuid, userId, path, referrerHost: path === '/' ? 'search.example' : null },
});
const firstRun = (userId: string, at: string): GivenEvent => ({
  type: 'FirstCodeRunRecorded',
  streamId: firstRunStreamId(userId),
  occurredAt: at,
  data: { userId, product: 'algoexpert', questionId: 'ordered-squares', language: 'python' },
});

const history: GivenEvent[] = [
  // m1: an anonymous first visit, then Ada signs in on it; later Bo signs in on the same browser.
  visit('m1', null, '2026-03-01T10:00:00.000Z', '/'),
  visit('m1', ada, '2026-03-01T10:05:00.000Z', '/questions'),
  visit('m1', bo, '2026-03-02T09:00:00.000Z', '/questions'),
  // m2: first seen signed in (Ada on a second browser).
  visit('m2', ada, '2026-03-03T08:00:00.000Z', '/purchase'),
  // m3: a visitor who never signs in, and says so twice (a page load whose acknowledgement was lost).
  visit('m3', null, '2026-03-04T12:00:00.000Z', '/'),
  visit('m3', null, '2026-03-04T12:01:00.000Z', '/'),
  firstRun(ada, '2026-03-01T10:20:00.000Z'),
];

describe('learner funnel read model', () => {
  let scenario: ProjectionScenario;
  beforeAll(async () => {
    scenario = await ProjectionScenario.start();
  });
  afterAll(async () => {
    await scenario.stop();
  });

  it('given visits and a first run, when projected live in any batch size or rebuilt, then each browser keeps its first visit and first account, each learner the first run', async () => {
    for (const batchSize of [1, 2, history.length]) {
      const rows = await scenario.rebuildEqualsLive(projection, history, batchSize);
      expect(
        rows.rm_funnel_visitors.map((r) => [
          r.machine_uuid,
          (r.first_visit_at as Date).toISOString(),
          r.first_path,
          r.referrer_host,
          r.user_id,
          (r.signed_in_at as Date | null)?.toISOString() ?? null,
        ]),
      ).toEqual([
        ['m1', '2026-03-01T10:00:00.000Z', '/', 'search.example', ada, '2026-03-01T10:05:00.000Z'],
        ['m2', '2026-03-03T08:00:00.000Z', '/purchase', null, ada, '2026-03-03T08:00:00.000Z'],
        ['m3', '2026-03-04T12:00:00.000Z', '/', 'search.example', null, null],
      ]);
      expect(rows.rm_funnel_first_runs).toEqual([
        {
          user_id: ada,
          first_run_at: new Date('2026-03-01T10:20:00.000Z'),
          product: 'algoexpert',
          question_id: 'ordered-squares',
          language: 'python',
        },
      ]);
    }
  });

  it('given a batch delivered twice, then nothing changes', async () => {
    const events = scenario.events(history);
    const once = await scenario.given(projection, events, { batchSize: 3 });
    await scenario.applyBatch(projection, events.slice(0, 3));
    expect(await scenario.rows(projection)).toEqual(once);
  });

  it("given Ada's account wiped, then her first run goes and her browsers are no longer tied to her", async () => {
    const rows = await scenario.rebuildEqualsLive(projection, [
      ...history,
      { type: 'AccountWiped', streamId: `user-${ada}`, data: { userId: ada } },
    ]);
    expect(rows.rm_funnel_first_runs).toEqual([]);
    expect(rows.rm_funnel_visitors.map((r) => [r.machine_uuid, r.user_id, r.signed_in_at])).toEqual([
      ['m1', null, null],
      ['m2', null, null],
      ['m3', null, null],
    ]);
  });

  it('analysts read both views by machine and user id, and the funnel steps from them', async () => {
    await scenario.given(projection, history, { batchSize: 2 });
    const steps = await scenario.asAnalyst<{ visitors: number; signed_in: number; ran: number }>(
      `SELECT count(*)::int AS visitors, count(DISTINCT v.user_id)::int AS signed_in,
              count(DISTINCT r.user_id)::int AS ran
         FROM analytics.visitors v LEFT JOIN analytics.first_runs r USING (user_id)`,
    );
    expect(steps).toEqual([{ visitors: 3, signed_in: 1, ran: 1 }]);
  });
});
