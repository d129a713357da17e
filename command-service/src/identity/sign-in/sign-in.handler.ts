import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Actor, type Role, userStreamId } from '@app/contracts';
import { CONFIG } from '@app/server-kit';
import type { CommandServiceConfig } from '../../infrastructure/config';
import { EventAppender } from '../../infrastructure/event-appender';
import { findOrRegister, issueSession, lockUser, setRoles } from '../identity.repository';
import { decideSignIn } from './decide-sign-in';
import { SignInCommand } from './sign-in.command';

export type SignedIn = { userId: string; token: string; registered: boolean; position: string };

/**
 * Finds or registers the account, issues a session and appends the facts of the decision with the
 * tables, atomically (the student role too, when it is granted).
 */
@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand, SignedIn> {
  constructor(
    private readonly appender: EventAppender,
    @Inject(CONFIG) private readonly config: CommandServiceConfig,
  ) {}

  execute(command: SignInCommand): Promise<SignedIn> {
    const { identity, options } = command;
    return this.appender.transaction(async (tx) => {
      const { userId, registered } = await findOrRegister(tx.client, identity);
      const user = await lockUser(tx.client, userId);
      const session = await issueSession(tx.client, userId, identity.provider);
      const roles = user?.roles ?? [];
      const email = identity.email?.toLowerCase();
      const listedAsStaff = email !== undefined && this.config.staffEmails.includes(email);
      const events = decideSignIn(command, {
        userId,
        registered,
        roles,
        sessionId: session.sessionId,
        listedAsStaff,
      });
      const granted: Role[] = events.flatMap((event) =>
        event.type === 'RoleGranted' ? [event.data.role] : [],
      );
      if (granted.length > 0) await setRoles(tx.client, userId, [...roles, ...granted]);
      const actor: Actor = { kind: 'user', id: userId };
      const appended = await tx.append(userStreamId(userId), events, {
        expectedState: registered ? 'no_stream' : 'any',
        actor,
        correlationId: options.correlationId,
      });
      return { userId, token: session.token, registered, position: appended.position };
    });
  }
}
