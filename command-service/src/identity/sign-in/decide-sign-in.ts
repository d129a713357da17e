import type { Role } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';
import type { SignInCommand } from './sign-in.command';

/** The account as the sign-in found it, and the session it issued. */
export type SignInState = {
  userId: string;
  registered: boolean;
  roles: readonly Role[];
  sessionId: string;
  /** The provider's email is one of STAFF_EMAILS: the configuration grants the staff role. */
  listedAsStaff?: boolean;
};

/**
 * The facts of a sign-in, in order: registered (a new account), the student role granted (a provider
 * that vouched for a student who is not one yet), the staff role granted (an email listed in STAFF_EMAILS
 * whose account is not staff yet), signed in with the new session.
 */
export function decideSignIn(
  { identity, options }: SignInCommand,
  state: SignInState,
): NewEvent<'UserRegistered' | 'RoleGranted' | 'UserSignedIn'>[] {
  const { userId } = state;
  return [
    ...(state.registered
      ? [{ type: 'UserRegistered' as const, data: { userId, provider: identity.provider } }]
      : []),
    ...(options.verifiedStudent && !state.roles.includes('student')
      ? [
          {
            type: 'RoleGranted' as const,
            data: { userId, role: 'student' as const, reason: 'Verified as a student at sign-in.' },
          },
        ]
      : []),
    ...(state.listedAsStaff && !state.roles.includes('staff')
      ? [
          {
            type: 'RoleGranted' as const,
            data: { userId, role: 'staff' as const, reason: 'Listed in STAFF_EMAILS.' },
          },
        ]
      : []),
    {
      type: 'UserSignedIn',
      data: {
        userId,
        provider: identity.provider,
        sessionId: state.sessionId,
        studentCheckRequested: options.studentCheckRequested,
      },
    },
  ];
}
