import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { announcementStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { AggregateStore } from '../../infrastructure/aggregate-store';
import { announcementAggregate } from '../announcement.aggregate';
import { decideWithdrawAnnouncement } from './decide-withdraw-announcement';
import { WithdrawAnnouncementCommand } from './withdraw-announcement.command';

export type AnnouncementWithdrawn = { appended: Appended; alreadyWithdrawn: boolean };

/**
 * Appends against the revision it decided on; when another withdrawal got in first, deciding again
 * finds it withdrawn and answers the idempotent success.
 */
@CommandHandler(WithdrawAnnouncementCommand)
export class WithdrawAnnouncementHandler implements ICommandHandler<
  WithdrawAnnouncementCommand,
  AnnouncementWithdrawn
> {
  constructor(private readonly aggregates: AggregateStore) {}

  async execute(command: WithdrawAnnouncementCommand): Promise<AnnouncementWithdrawn> {
    const { appended, state } = await this.aggregates.handle(
      announcementStreamId(command.request.announcementId),
      announcementAggregate,
      (stream) => decideWithdrawAnnouncement(command, stream),
      command.context,
    );
    return { appended, alreadyWithdrawn: state.status.status === 'withdrawn' };
  }
}
