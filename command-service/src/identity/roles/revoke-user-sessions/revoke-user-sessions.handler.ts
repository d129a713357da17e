import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, userStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { EventAppender } from '../../../infrastructure/event-appender';
import { liveSessionsOf, lockUser, revokeSessions } from '../../identity.repository';
import { decideRevokeUserSessions } from './decide-revoke-user-sessions';
import { RevokeUserSessionsCommand } from './revoke-user-sessions.command';

export type UserSessionsRevoked = { appended: Appended; revoked: number };

/** Under the account's lock: its live sessions revoked and their SessionRevoked events, in one transaction. */
@CommandHandler(RevokeUserSessionsCommand)
export class RevokeUserSessionsHandler implements ICommandHandler<
  RevokeUserSessionsCommand,
  UserSessionsRevoked
> {
  constructor(private readonly appender: EventAppender) {}

  async execute(command: RevokeUserSessionsCommand): Promise<UserSessionsRevoked> {
    const { userId } = command.request;
    const result = await this.appender.transaction(async (tx) => {
      const user = await lockUser(tx.client, userId);
      const liveSessionIds = user && !user.wiped ? await liveSessionsOf(tx.client, userId) : [];
      const events = decideRevokeUserSessions(command, { user, liveSessionIds });
      if (events instanceof DomainError) throw events;
      if (events.length === 0) return { revoked: 0, appended: undefined };
      await revokeSessions(tx.client, liveSessionIds);
      const appended = await tx.append(userStreamId(userId), events, {
        actor: command.context.actor,
        correlationId: command.context.correlationId,
      });
      return { revoked: events.length, appended };
    });
    return { appended: await this.appender.appendedOrHead(result.appended), revoked: result.revoked };
  }
}
