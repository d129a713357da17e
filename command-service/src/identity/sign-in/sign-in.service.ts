import { Injectable } from '@nestjs/common';
import { type Actor, userStreamId } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';
import { EventAppender } from '../../infrastructure/event-appender';
import {
  type ProviderIdentity,
  findOrRegister,
  issueSession,
  lockUser,
  setRoles,
} from '../identity.repository';

export type SignInOptions = {
  studentCheckRequested: boolean;
  /** The provider vouched that the person is a student (the fake provider's `student`). */
  verifiedStudent: boolean;
  correlationId: string;
};

export type SignedIn = { userId: string; token: string; registered: boolean; position: string };

/**
 * The end of every provider's flow: the account is found or registered, a session is issued, and
 * the facts (registered, student role granted, signed in) are appended with the tables, atomically.
 */
@Injectable()
export class SignInService {
  constructor(private readonly appender: EventAppender) {}

  signIn(identity: ProviderIdentity, options: SignInOptions): Promise<SignedIn> {
    return this.appender.transaction(async (tx) => {
      const { userId, registered } = await findOrRegister(tx.client, identity);
      const user = await lockUser(tx.client, userId);
      const events: NewEvent[] = [];
      if (registered) events.push({ type: 'UserRegistered', data: { userId, provider: identity.provider } });
      if (options.verifiedStudent && user && !user.roles.includes('student')) {
        await setRoles(tx.client, userId, [...user.roles, 'student']);
        events.push({
          type: 'RoleGranted',
          data: { userId, role: 'student', reason: 'Verified as a student at sign-in.' },
        });
      }
      const session = await issueSession(tx.client, userId, identity.provider);
      events.push({
        type: 'UserSignedIn',
        data: {
          userId,
          provider: identity.provider,
          sessionId: session.sessionId,
          studentCheckRequested: options.studentCheckRequested,
        },
      });
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
