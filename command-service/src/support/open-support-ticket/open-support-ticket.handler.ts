import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { supportTicketStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { AggregateStore } from '../../infrastructure/aggregate-store';
import { supportTicketAggregate } from '../support-ticket.aggregate';
import { decideOpenSupportTicket } from './decide-open-support-ticket';
import { OpenSupportTicketCommand } from './open-support-ticket.command';

/** Opens the ticket in its own stream; a send retried with the same ticket id appends nothing. */
@CommandHandler(OpenSupportTicketCommand)
export class OpenSupportTicketHandler implements ICommandHandler<OpenSupportTicketCommand, Appended> {
  constructor(private readonly aggregates: AggregateStore) {}

  async execute(command: OpenSupportTicketCommand): Promise<Appended> {
    const { appended } = await this.aggregates.handle(
      supportTicketStreamId(command.request.ticketId),
      supportTicketAggregate,
      (state) => decideOpenSupportTicket(command, state),
      command.context,
    );
    return appended;
  }
}
