import { decideSignOut } from './decide-sign-out';
import { SignOutCommand } from './sign-out.command';

const userId = '2b1f3c1e-0000-4000-8000-000000000001';
const signOut = (reason?: string) =>
  new SignOutCommand(
    { userId, sessionId: 's1', reason },
    { actor: { kind: 'user', id: userId }, correlationId: 'c' },
  );

describe('sign out: given the calling session, when the learner signs out, then', () => {
  it('one SessionRevoked, signedOut', () => {
    expect(decideSignOut(signOut())).toEqual([
      { type: 'SessionRevoked', data: { userId, sessionId: 's1', reason: 'signedOut' } },
    ]);
  });
  it('singleScreen when the screen lease forced it', () => {
    expect(decideSignOut(signOut('singleScreen'))).toMatchObject([{ data: { reason: 'singleScreen' } }]);
  });
});
