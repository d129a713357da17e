import { DomainError } from '@app/contracts';
import { decideRevokeUserSessions } from './decide-revoke-user-sessions';
import { RevokeUserSessionsCommand } from './revoke-user-sessions.command';

const userId = '2b1f3c1e-0000-4000-8000-000000000001';
const command = new RevokeUserSessionsCommand(
  { userId },
  { actor: { kind: 'user', id: 'staff' }, correlationId: 'c' },
);
const user = { userId, roles: [], wiped: false };

describe('revoke user sessions: given the account and its live sessions, when staff revoke them, then', () => {
  it('one SessionRevoked (revokedByStaff) per live session', () => {
    expect(decideRevokeUserSessions(command, { user, liveSessionIds: ['s1', 's2'] })).toEqual([
      { type: 'SessionRevoked', data: { userId, sessionId: 's1', reason: 'revokedByStaff' } },
      { type: 'SessionRevoked', data: { userId, sessionId: 's2', reason: 'revokedByStaff' } },
    ]);
  });
  it('nothing when no session is live', () => {
    expect(decideRevokeUserSessions(command, { user, liveSessionIds: [] })).toEqual([]);
  });
  it('not found for no account or a wiped one', () => {
    const notFound = new DomainError('NOT_FOUND', 'No account has this user id.');
    expect(decideRevokeUserSessions(command, { user: undefined, liveSessionIds: [] })).toEqual(notFound);
    expect(
      decideRevokeUserSessions(command, { user: { ...user, wiped: true }, liveSessionIds: ['s1'] }),
    ).toEqual(notFound);
  });
});
