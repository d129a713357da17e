import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, userStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { EventAppender } from '../../infrastructure/event-appender';
import { wipeUser } from '../identity.repository';
import { decideWipeAccount } from './decide-wipe-account';
import { WipeAccountCommand } from './wipe-account.command';

/** Personal data and every token go in the transaction that appends AccountWiped. */
@CommandHandler(WipeAccountCommand)
export class WipeAccountHandler implements ICommandHandler<WipeAccountCommand, Appended> {
  constructor(private readonly appender: EventAppender) {}

  execute(command: WipeAccountCommand): Promise<Appended> {
    const { userId } = command.request;
    const events = decideWipeAccount(command);
    if (events instanceof DomainError) throw events;
    return this.appender.transaction(async (tx) => {
      await wipeUser(tx.client, userId);
      return tx.append(userStreamId(userId), events, {
        actor: command.context.actor,
        correlationId: command.context.correlationId,
      });
    });
  }
}
