import type { NewEvent } from '@app/server-kit';
import type { SignOutCommand } from './sign-out.command';

/** One SessionRevoked for the calling session, whatever its state (signing out again is harmless). */
export function decideSignOut({ request }: SignOutCommand): NewEvent<'SessionRevoked'>[] {
  return [
    {
      type: 'SessionRevoked',
      data: {
        userId: request.userId,
        sessionId: request.sessionId,
        // The forced logout of the single-screen lease is worth telling apart (account sharing).
        reason: request.reason === 'singleScreen' ? 'singleScreen' : 'signedOut',
      },
    },
  ];
}
