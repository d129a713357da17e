import type { DomainError } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';
import type { UserState } from '../../identity.repository';
import { accountNotFound } from '../change-role/decide-change-role';
import type { RevokeUserSessionsCommand } from './revoke-user-sessions.command';

/** An account that does not exist or was wiped is not found; otherwise one SessionRevoked per live session. */
export function decideRevokeUserSessions(
  { request }: RevokeUserSessionsCommand,
  state: { user: UserState | undefined; liveSessionIds: readonly string[] },
): NewEvent<'SessionRevoked'>[] | DomainError {
  if (!state.user || state.user.wiped) return accountNotFound();
  return state.liveSessionIds.map((sessionId) => ({
    type: 'SessionRevoked',
    data: { userId: request.userId, sessionId, reason: 'revokedByStaff' },
  }));
}
