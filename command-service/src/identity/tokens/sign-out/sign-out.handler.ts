import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { userStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { EventAppender } from '../../../infrastructure/event-appender';
import { signOutSession } from '../../identity.repository';
import { decideSignOut } from './decide-sign-out';
import { SignOutCommand } from './sign-out.command';

/** The session revoked at once, with its event, in one transaction. */
@CommandHandler(SignOutCommand)
export class SignOutHandler implements ICommandHandler<SignOutCommand, Appended> {
  constructor(private readonly appender: EventAppender) {}

  execute(command: SignOutCommand): Promise<Appended> {
    const { userId, sessionId } = command.request;
    return this.appender.transaction(async (tx) => {
      await signOutSession(tx.client, sessionId);
      return tx.append(userStreamId(userId), decideSignOut(command), {
        actor: command.context.actor,
        correlationId: command.context.correlationId,
      });
    });
  }
}
