import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useIsSignedInHere } from '@/shared/auth/session-slice';
import { signInModalOpened } from '@/shared/auth/sign-in-modal-slice';
import { useAppDispatch } from '@/shared/lib/store';
import { PageHeader } from '@/shared/ui/page';

/** /login opens the sign-in dialog at once; the page behind it offers it again. */
export function Component() {
  const dispatch = useAppDispatch();
  const isSignedIn = useIsSignedInHere();

  useEffect(() => {
    if (!isSignedIn) dispatch(signInModalOpened());
  }, [isSignedIn, dispatch]);

  function handleOpen() {
    dispatch(signInModalOpened());
  }

  return (
    <>
      <PageHeader title="Log in" lead="Log in to save your progress across devices." />
      {isSignedIn ? (
        <p>
          You are logged in. <Link to="/product">Continue to your questions</Link>.
        </p>
      ) : (
        <button type="button" className="button button--primary" onClick={handleOpen}>
          Choose how to log in
        </button>
      )}
    </>
  );
}
