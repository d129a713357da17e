import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { NewEvent } from '@app/server-kit';
import { type Appended, EventAppender } from '../../infrastructure/event-appender';
import { TrackAffiliateClickCommand } from './track-affiliate-click.command';

export function decide(command: TrackAffiliateClickCommand): NewEvent<'AffiliateLinkClicked'>[] {
  return [
    {
      type: 'AffiliateLinkClicked',
      eventId: command.context.idempotencyKey,
      data: { affiliateCode: command.affiliateCode, landingPath: command.landingPath },
    },
  ];
}

@CommandHandler(TrackAffiliateClickCommand)
export class TrackAffiliateClickHandler implements ICommandHandler<TrackAffiliateClickCommand, Appended> {
  constructor(private readonly appender: EventAppender) {}

  execute(command: TrackAffiliateClickCommand): Promise<Appended> {
    return this.appender.append(`affiliate-${command.affiliateCode}`, decide(command), {
      actor: command.context.actor,
      correlationId: command.context.correlationId,
    });
  }
}
