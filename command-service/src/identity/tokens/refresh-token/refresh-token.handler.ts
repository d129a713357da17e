import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, type Role, userStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { EventAppender } from '../../../infrastructure/event-appender';
import { issueSession, shortenSession } from '../../identity.repository';
import { decideRefreshToken } from './decide-refresh-token';
import { RefreshTokenCommand } from './refresh-token.command';

/** A refreshed token stays usable this long, so calls already in flight from other tabs still pass. */
const REFRESH_GRACE_SECONDS = 60;

export type TokenRefreshed = { appended: Appended; token: string; oldRoles: Role[]; roles: Role[] };

/** In one transaction: the old session shortened to the grace period, the new one issued, the event. */
@CommandHandler(RefreshTokenCommand)
export class RefreshTokenHandler implements ICommandHandler<RefreshTokenCommand, TokenRefreshed> {
  constructor(private readonly appender: EventAppender) {}

  execute(command: RefreshTokenCommand): Promise<TokenRefreshed> {
    const { userId, sessionId, newSessionId } = command.request;
    return this.appender.transaction(async (tx) => {
      const old = await shortenSession(tx.client, sessionId, REFRESH_GRACE_SECONDS);
      const events = decideRefreshToken(command, old);
      if (events instanceof DomainError) throw events;
      const session = await issueSession(tx.client, userId, old!.provider, newSessionId);
      const appended = await tx.append(userStreamId(userId), events, {
        actor: command.context.actor,
        correlationId: command.context.correlationId,
      });
      return { appended, token: session.token, oldRoles: old!.rolesAtIssue, roles: old!.roles };
    });
  }
}
