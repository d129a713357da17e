import { DomainError } from '@app/contracts';
import { decideRefreshToken } from './decide-refresh-token';
import { RefreshTokenCommand } from './refresh-token.command';

const userId = '2b1f3c1e-0000-4000-8000-000000000001';
const command = new RefreshTokenCommand(
  { userId, sessionId: 'old', newSessionId: 'new' },
  { actor: { kind: 'user', id: userId }, correlationId: 'c' },
);

describe('refresh token: given the calling session, when it is refreshed, then', () => {
  it('the live session is revoked as refreshed, replaced by the new one', () => {
    expect(
      decideRefreshToken(command, { rolesAtIssue: [], provider: 'github', roles: ['premiumv1'] }),
    ).toEqual([
      { type: 'SessionRevoked', data: { userId, sessionId: 'old', reason: 'refreshed', replacedBy: 'new' } },
    ]);
  });
  it('a revoked or unknown session is refused: sign in again', () => {
    expect(decideRefreshToken(command, undefined)).toEqual(
      new DomainError('TOKEN_EXPIRED', 'Your credentials have expired; sign in again.'),
    );
  });
});
