import type { EventDataMap, RecordedEvent } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';

/** What the command side needs to know of one announcement: whether it exists and is still up. */
export type AnnouncementState = { status: 'unknown' } | { status: 'published' } | { status: 'withdrawn' };

export const initialAnnouncementState: AnnouncementState = { status: 'unknown' };

export function evolve(state: AnnouncementState, event: Pick<RecordedEvent, 'type'>): AnnouncementState {
  switch (event.type) {
    case 'AnnouncementPublished':
      return state.status === 'unknown' ? { status: 'published' } : state;
    case 'AnnouncementWithdrawn':
      return { status: 'withdrawn' };
    default:
      return state;
  }
}

export type PublishAnnouncement = {
  announcementId: string;
  message: string;
  sitePath: string | null;
  expiresAt: string | null;
};

/** A refusal with the field it is about, for a 400 with its issue. */
export type PublishRefusal = { field: 'expiresAt'; message: string };

/**
 * Publishing: the request schema has checked the shapes already; what needs the clock is checked
 * here. The approval time is the decision's time, so the read side orders by when staff approved.
 */
export function decidePublish(
  command: PublishAnnouncement,
  now: Date,
): { events: NewEvent<'AnnouncementPublished'>[] } | { refused: PublishRefusal } {
  if (command.expiresAt !== null && Date.parse(command.expiresAt) <= now.getTime()) {
    return {
      refused: {
        field: 'expiresAt',
        message: `The expiry must be after now (${now.toISOString()}); it is ${command.expiresAt}.`,
      },
    };
  }
  const data: EventDataMap['AnnouncementPublished'] = {
    announcementId: command.announcementId,
    message: command.message,
    sitePath: command.sitePath,
    approvedAt: now.toISOString(),
    expiresAt: command.expiresAt === null ? null : new Date(command.expiresAt).toISOString(),
  };
  return { events: [{ type: 'AnnouncementPublished', data }] };
}

/**
 * Withdrawing: an unknown announcement is refused; one withdrawn already needs nothing more (an
 * idempotent success, so a retried request does not fail).
 */
export function decideWithdraw(
  state: AnnouncementState,
  announcementId: string,
):
  | { outcome: 'notFound' }
  | { outcome: 'alreadyWithdrawn' }
  | { outcome: 'withdraw'; events: NewEvent<'AnnouncementWithdrawn'>[] } {
  if (state.status === 'unknown') return { outcome: 'notFound' };
  if (state.status === 'withdrawn') return { outcome: 'alreadyWithdrawn' };
  return { outcome: 'withdraw', events: [{ type: 'AnnouncementWithdrawn', data: { announcementId } }] };
}
