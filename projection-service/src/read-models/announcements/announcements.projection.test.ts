import { announcementStreamId } from '@app/contracts';
import type { GivenEvent } from '@app/server-kit';
import { ProjectionScenario } from '../../runtime/testing/projection-scenario';
import { announcementsProjection as projection } from './announcements.projection';

const published = (
  announcementId: string,
  options: { sitePath?: string | null; expiresAt?: string | null; at?: string } = {},
): GivenEvent => ({
  type: 'AnnouncementPublished',
  streamId: announcementStreamId(announcementId),
  occurredAt: options.at,
  data: {
    announcementId,
    message: `<p>${announcementId}</p>`,
    sitePath: options.sitePath ?? null,
    approvedAt: options.at ?? '2026-11-20T10:00:00.000Z',
    expiresAt: options.expiresAt ?? null,
  },
});
const withdrawn = (announcementId: string, at: string): GivenEvent => ({
  type: 'AnnouncementWithdrawn',
  streamId: announcementStreamId(announcementId),
  occurredAt: at,
  data: { announcementId },
});
const row = (
  announcementId: string,
  options: { sitePath?: string | null; expiresAt?: string | null; at?: string; withdrawnAt?: string } = {},
) => ({
  announcement_id: announcementId,
  message: `<p>${announcementId}</p>`,
  site_path: options.sitePath ?? null,
  approved_at: new Date(options.at ?? '2026-11-20T10:00:00.000Z'),
  expires_at: options.expiresAt ? new Date(options.expiresAt) : null,
  withdrawn_at: options.withdrawnAt ? new Date(options.withdrawnAt) : null,
});

describe('announcements read model', () => {
  let scenario: ProjectionScenario;
  beforeAll(async () => {
    scenario = await ProjectionScenario.start();
  });
  afterAll(async () => {
    await scenario.stop();
  });

  it('given announcements published and one withdrawn, when projected in one batch or one by one, then every announcement is a row and the withdrawn one says when', async () => {
    const events = [
      published('a1', { at: '2026-11-20T10:00:00.000Z' }),
      published('a2', {
        sitePath: '/questions',
        expiresAt: '2026-12-01T00:00:00.000Z',
        at: '2026-11-20T11:00:00.000Z',
      }),
      withdrawn('a1', '2026-11-21T09:00:00.000Z'),
      published('a3', { at: '2026-11-21T10:00:00.000Z' }),
    ];
    for (const batchSize of [1, events.length]) {
      const rows = await scenario.given(projection, events, { batchSize });
      expect(rows).toEqual({
        rm_announcements: [
          row('a1', { at: '2026-11-20T10:00:00.000Z', withdrawnAt: '2026-11-21T09:00:00.000Z' }),
          row('a2', {
            sitePath: '/questions',
            expiresAt: '2026-12-01T00:00:00.000Z',
            at: '2026-11-20T11:00:00.000Z',
          }),
          row('a3', { at: '2026-11-21T10:00:00.000Z' }),
        ],
      });
    }
  });

  it('given a withdrawn announcement, when its publication and withdrawal are delivered again (later), then it stays withdrawn at the first time', async () => {
    const events = scenario.events([
      published('a1', { at: '2026-11-20T10:00:00.000Z' }),
      withdrawn('a1', '2026-11-21T09:00:00.000Z'),
    ]);
    const once = await scenario.given(projection, events);
    await scenario.applyBatch(projection, events);
    await scenario.applyBatch(projection, [events[0]]);
    await scenario.applyBatch(projection, scenario.events([withdrawn('a1', '2026-11-22T09:00:00.000Z')]));
    expect(await scenario.rows(projection)).toEqual(once);
    expect(once.rm_announcements).toEqual([
      row('a1', { at: '2026-11-20T10:00:00.000Z', withdrawnAt: '2026-11-21T09:00:00.000Z' }),
    ]);
  });

  it('a rebuild gives the same rows as the live run', async () => {
    const events: GivenEvent[] = [];
    for (let i = 0; i < 6; i++) {
      const id = `a${i}`;
      events.push(
        published(id, {
          sitePath: i % 2 ? `/page-${i}` : null,
          expiresAt: i % 3 ? null : '2026-12-31T00:00:00.000Z',
          at: new Date(Date.UTC(2026, 10, 20, i)).toISOString(),
        }),
      );
      if (i % 2 === 0) events.push(withdrawn(id, new Date(Date.UTC(2026, 10, 21, i)).toISOString()));
    }
    for (const liveBatchSize of [1, 3]) {
      const rows = await scenario.rebuildEqualsLive(projection, events, liveBatchSize);
      expect(
        rows.rm_announcements.filter((r) => r.withdrawn_at !== null).map((r) => r.announcement_id),
      ).toEqual(['a0', 'a2', 'a4']);
    }
  });
});
