import type { ReactNode } from 'react';
import { useIsSignedInHere } from '@/shared/auth/session-slice';
import { signInModalOpened } from '@/shared/auth/sign-in-modal-slice';
import { useAppDispatch } from '@/shared/lib/store';

type SignInGateProps = {
  /** What signing in unlocks here, said on the prompt. */
  reason: string;
  children: ReactNode;
};

/**
 * A page for signed-in users (its route's `signInReason`): visitors get, in the page's place, a prompt that
 * opens the sign-in dialog; once they sign in, the page shows where they are.
 */
export function SignInGate({ reason, children }: SignInGateProps) {
  const isSignedIn = useIsSignedInHere();
  const dispatch = useAppDispatch();

  if (isSignedIn) return <>{children}</>;

  function handleLogIn() {
    dispatch(signInModalOpened({ text: reason }));
  }

  return (
    <section className="sign-in-gate" aria-labelledby="sign-in-gate-heading">
      <title>Log in · Interview Prep</title>
      <h1 id="sign-in-gate-heading">Log in to continue</h1>
      <p>{reason}</p>
      <button type="button" className="button button--primary" onClick={handleLogIn}>
        Log in to continue
      </button>
    </section>
  );
}
