import type { EventType } from '@app/contracts';
import { decidePublish, decideWithdraw, evolve, initialAnnouncementState } from './announcement';

const id = '5d0c1a9e-0000-4000-8000-000000000001';
const now = new Date('2026-11-23T12:00:00.000Z');
const fold = (...types: EventType[]) =>
  types.reduce((state, type) => evolve(state, { type }), initialAnnouncementState);

describe('publishing an announcement', () => {
  it('approves it now: one AnnouncementPublished with the expiry normalised to UTC', () => {
    expect(
      decidePublish(
        {
          announcementId: id,
          message: '<p>Hi</p>',
          sitePath: '/team',
          expiresAt: '2026-11-24T13:00:00+01:00',
        },
        now,
      ),
    ).toEqual({
      events: [
        {
          type: 'AnnouncementPublished',
          data: {
            announcementId: id,
            message: '<p>Hi</p>',
            sitePath: '/team',
            approvedAt: '2026-11-23T12:00:00.000Z',
            expiresAt: '2026-11-24T12:00:00.000Z',
          },
        },
      ],
    });
  });

  it('keeps one without expiry until it is withdrawn', () => {
    const decision = decidePublish(
      { announcementId: id, message: 'x', sitePath: null, expiresAt: null },
      now,
    );
    expect(decision).toMatchObject({ events: [{ data: { expiresAt: null, sitePath: null } }] });
  });

  it.each(['2026-11-23T12:00:00.000Z', '2026-11-23T11:59:59Z'])(
    'refuses an expiry at or before now: %s',
    (expiresAt) => {
      expect(decidePublish({ announcementId: id, message: 'x', sitePath: null, expiresAt }, now)).toEqual({
        refused: {
          field: 'expiresAt',
          message: `The expiry must be after now (2026-11-23T12:00:00.000Z); it is ${expiresAt}.`,
        },
      });
    },
  );
});

describe('withdrawing an announcement', () => {
  it('Given it was published, When withdrawn, Then one AnnouncementWithdrawn', () => {
    expect(decideWithdraw(fold('AnnouncementPublished'), id)).toEqual({
      outcome: 'withdraw',
      events: [{ type: 'AnnouncementWithdrawn', data: { announcementId: id } }],
    });
  });
  it('Given it was withdrawn, When withdrawn again, Then nothing (idempotent)', () => {
    expect(decideWithdraw(fold('AnnouncementPublished', 'AnnouncementWithdrawn'), id)).toEqual({
      outcome: 'alreadyWithdrawn',
    });
  });
  it('Given no events, When withdrawn, Then not found', () => {
    expect(decideWithdraw(fold(), id)).toEqual({ outcome: 'notFound' });
  });
});
