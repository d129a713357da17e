import { DomainError } from '@app/contracts';
import { type GivenEvent, recordedEvents } from '@app/server-kit';
import { type AnnouncementStream, announcementAggregate } from '../announcement.aggregate';
import { decideWithdrawAnnouncement } from './decide-withdraw-announcement';
import { WithdrawAnnouncementCommand } from './withdraw-announcement.command';

const announcementId = '5d0c1a9e-0000-4000-8000-000000000001';
const command = new WithdrawAnnouncementCommand(
  { announcementId },
  { actor: { kind: 'user', id: 'staff' }, correlationId: 'c' },
);
const given = (...events: GivenEvent[]): AnnouncementStream =>
  recordedEvents(events).reduce(announcementAggregate.evolve, announcementAggregate.initialState());
const published: GivenEvent = {
  type: 'AnnouncementPublished',
  data: {
    announcementId,
    message: 'x',
    sitePath: null,
    approvedAt: '2026-11-23T11:00:00.000Z',
    expiresAt: null,
  },
};
const withdrawn: GivenEvent = { type: 'AnnouncementWithdrawn', data: { announcementId } };

describe('withdraw announcement: given its stream, when staff withdraw, then', () => {
  it('one AnnouncementWithdrawn for a published one', () => {
    expect(decideWithdrawAnnouncement(command, given(published))).toEqual([withdrawn]);
  });
  it('nothing for one withdrawn already (idempotent)', () => {
    expect(decideWithdrawAnnouncement(command, given(published, withdrawn))).toEqual([]);
  });
  it('not found for an id with no stream', () => {
    expect(decideWithdrawAnnouncement(command, given())).toEqual(
      new DomainError('NOT_FOUND', `No announcement has the id ${announcementId}.`),
    );
  });
});
