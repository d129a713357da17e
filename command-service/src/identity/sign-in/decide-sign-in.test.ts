import { decideSignIn } from './decide-sign-in';
import { SignInCommand } from './sign-in.command';

const userId = '00000000-0000-4000-8000-000000000001';
const sessionId = '00000000-0000-4000-8000-0000000000e1';
const command = (verifiedStudent = false) =>
  new SignInCommand(
    { provider: 'github', providerUserId: '42', email: 'ada@example.com', name: 'Ada', avatarUrl: null },
    { studentCheckRequested: verifiedStudent, verifiedStudent, correlationId: 'c' },
  );
const signedIn = {
  type: 'UserSignedIn',
  data: { userId, provider: 'github', sessionId, studentCheckRequested: false },
};

describe('sign-in: given the account found, when the provider vouched for the person, then', () => {
  it('a new account is registered, then signed in', () => {
    expect(decideSignIn(command(), { userId, registered: true, roles: [], sessionId })).toEqual([
      { type: 'UserRegistered', data: { userId, provider: 'github' } },
      signedIn,
    ]);
  });

  it('a known account is only signed in', () => {
    expect(decideSignIn(command(), { userId, registered: false, roles: [], sessionId })).toEqual([signedIn]);
  });

  it('a verified student gets the student role once', () => {
    const events = decideSignIn(command(true), { userId, registered: false, roles: [], sessionId });
    expect(events.map((e) => e.type)).toEqual(['RoleGranted', 'UserSignedIn']);
    expect(
      decideSignIn(command(true), { userId, registered: false, roles: ['student'], sessionId }).map(
        (e) => e.type,
      ),
    ).toEqual(['UserSignedIn']);
  });

  it('an email listed in STAFF_EMAILS gets the staff role once, after any student grant', () => {
    const listed = { userId, registered: true, roles: [], sessionId, listedAsStaff: true };
    expect(
      decideSignIn(command(true), listed).map((e) => [e.type, (e.data as { role?: string }).role]),
    ).toEqual([
      ['UserRegistered', undefined],
      ['RoleGranted', 'student'],
      ['RoleGranted', 'staff'],
      ['UserSignedIn', undefined],
    ]);
    expect(
      decideSignIn(command(), { ...listed, registered: false, roles: ['staff'] }).map((e) => e.type),
    ).toEqual(['UserSignedIn']);
  });
});
