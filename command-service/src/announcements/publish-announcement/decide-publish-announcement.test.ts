import { type GivenEvent, recordedEvents } from '@app/server-kit';
import { type AnnouncementStream, announcementAggregate } from '../announcement.aggregate';
import { decidePublishAnnouncement } from './decide-publish-announcement';
import { PublishAnnouncementCommand } from './publish-announcement.command';

const announcementId = '5d0c1a9e-0000-4000-8000-000000000001';
const now = new Date('2026-11-23T12:00:00.000Z');
const command = (expiresAt: string | null = '2026-11-24T13:00:00+01:00') =>
  new PublishAnnouncementCommand(
    { announcementId, message: '<p>Hi</p>', sitePath: '/team', expiresAt, now },
    { actor: { kind: 'user', id: 'staff' }, correlationId: 'c' },
  );
const given = (...events: GivenEvent[]): AnnouncementStream =>
  recordedEvents(events).reduce(announcementAggregate.evolve, announcementAggregate.initialState());
const published: GivenEvent = {
  type: 'AnnouncementPublished',
  data: {
    announcementId,
    message: 'first',
    sitePath: null,
    approvedAt: '2026-11-23T11:00:00.000Z',
    expiresAt: null,
  },
};

describe('publish announcement: given its stream, when staff publish, then', () => {
  it('one AnnouncementPublished approved now, the expiry normalised to UTC, on a new stream', () => {
    expect(decidePublishAnnouncement(command(), given())).toEqual([
      {
        type: 'AnnouncementPublished',
        data: {
          announcementId,
          message: '<p>Hi</p>',
          sitePath: '/team',
          approvedAt: '2026-11-23T12:00:00.000Z',
          expiresAt: '2026-11-24T12:00:00.000Z',
        },
      },
    ]);
  });

  it('nothing when the stream holds a publication already (a retry), whose announcement it keeps', () => {
    const state = given(published);
    expect(decidePublishAnnouncement(command(), state)).toEqual([]);
    expect(state.published).toEqual({
      announcement: {
        id: announcementId,
        message: 'first',
        approved_at: '2026-11-23T11:00:00.000Z',
        expires_at: null,
        site_path: null,
      },
      position: '1001.1',
    });
  });

  it('a refusal about body.expiresAt for an expiry at or before now', () => {
    expect(decidePublishAnnouncement(command('2026-11-23T12:00:00.000Z'), given())).toMatchObject({
      code: 'VALIDATION_FAILED',
      message:
        'The request is not valid: body.expiresAt: The expiry must be after now (2026-11-23T12:00:00.000Z); it is 2026-11-23T12:00:00.000Z.',
      issues: [{ path: 'body.expiresAt' }],
    });
  });
});
