import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Announcement, DomainError, announcementStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { AggregateStore } from '../../infrastructure/aggregate-store';
import { announcementAggregate, toAnnouncement } from '../announcement.aggregate';
import { decidePublishAnnouncement } from './decide-publish-announcement';
import { PublishAnnouncementCommand } from './publish-announcement.command';

export type AnnouncementPublished = { appended: Appended; announcement: Announcement };

/**
 * Appends to a new stream (no stream expected): a retry under the same Idempotency-Key finds the
 * stream published and answers that publication with its position, marked idempotent.
 */
@CommandHandler(PublishAnnouncementCommand)
export class PublishAnnouncementHandler implements ICommandHandler<
  PublishAnnouncementCommand,
  AnnouncementPublished
> {
  constructor(private readonly aggregates: AggregateStore) {}

  async execute(command: PublishAnnouncementCommand): Promise<AnnouncementPublished> {
    let published: Announcement | undefined;
    const { appended, state } = await this.aggregates.handle(
      announcementStreamId(command.request.announcementId),
      announcementAggregate,
      (stream) => {
        const decision = decidePublishAnnouncement(command, stream);
        const [event] = decision instanceof DomainError ? [] : decision;
        if (event?.type === 'AnnouncementPublished') published = toAnnouncement(event.data);
        return decision;
      },
      command.context,
    );
    if (state.published) {
      return {
        appended: { position: state.published.position, idempotent: true },
        announcement: state.published.announcement,
      };
    }
    return { appended, announcement: published! };
  }
}
