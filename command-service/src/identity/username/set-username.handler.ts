import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, userStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { EventAppender } from '../../infrastructure/event-appender';
import { setUsername } from '../identity.repository';
import { decideSetUsername, usernameTaken } from './decide-set-username';
import { SetUsernameCommand } from './set-username.command';

/**
 * The profile's username and the event in one transaction. The unique index (regardless of case)
 * decides concurrent requests: one wins, the other answers 409 USERNAME_TAKEN and stores nothing.
 */
@CommandHandler(SetUsernameCommand)
export class SetUsernameHandler implements ICommandHandler<SetUsernameCommand, Appended> {
  constructor(private readonly appender: EventAppender) {}

  execute(command: SetUsernameCommand): Promise<Appended> {
    const { userId, username } = command.request;
    const events = decideSetUsername(command);
    if (events instanceof DomainError) throw events;
    return this.appender.transaction(async (tx) => {
      if (!(await setUsername(tx.client, userId, username))) throw usernameTaken(username);
      return tx.append(userStreamId(userId), events, {
        actor: command.context.actor,
        correlationId: command.context.correlationId,
      });
    });
  }
}
