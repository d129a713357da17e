import { DomainError } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';
import type { RefreshedSession } from '../../identity.repository';
import type { RefreshTokenCommand } from './refresh-token.command';

/**
 * A session revoked or gone cannot be refreshed (sign in again); a live one is revoked as
 * `refreshed`, naming the session that replaces it.
 */
export function decideRefreshToken(
  { request }: RefreshTokenCommand,
  session: RefreshedSession | undefined,
): NewEvent<'SessionRevoked'>[] | DomainError {
  if (!session) return new DomainError('TOKEN_EXPIRED', 'Your credentials have expired; sign in again.');
  return [
    {
      type: 'SessionRevoked',
      data: {
        userId: request.userId,
        sessionId: request.sessionId,
        reason: 'refreshed',
        replacedBy: request.newSessionId,
      },
    },
  ];
}
