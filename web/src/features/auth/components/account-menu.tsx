import { useState } from 'react';
import { logOut, useCurrentUser, useIsSignedIn } from '@/shared/auth/session';
import { useAppDispatch } from '@/shared/lib/store';
import { SignInDialog } from './sign-in-dialog';
import './auth.css';

/** The header's account area: "Log in" for visitors, the user's name and "Log out" once signed in. */
export function AccountMenu() {
  const isSignedIn = useIsSignedIn();
  return isSignedIn ? <SignedInAccount /> : <SignedOutAccount />;
}

function SignedOutAccount() {
  const [isDialogOpen, setIsDialogOpen] = useState(false);

  function handleOpenDialog() {
    setIsDialogOpen(true);
  }

  function handleCloseDialog() {
    setIsDialogOpen(false);
  }

  return (
    <>
      <button type="button" className="button button--primary" onClick={handleOpenDialog}>
        Log in
      </button>
      <SignInDialog isOpen={isDialogOpen} onClose={handleCloseDialog} />
    </>
  );
}

function SignedInAccount() {
  const dispatch = useAppDispatch();
  const { data: user, isError } = useCurrentUser();
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  // Without the user's details (a failed call) the session still works: only the name is missing.
  const displayName = user
    ? (user.username ?? user.name ?? user.email ?? 'Signed in')
    : isError
      ? 'Signed in'
      : null;

  async function handleLogOut() {
    setIsLoggingOut(true);
    // This component goes away when the session ends, so the flag is never reset.
    await dispatch(logOut('userLoggedOut'));
  }

  return (
    <div className="account">
      {displayName ? (
        <span className="account__name" data-testid="account-name">
          {user?.avatarUrl ? <img className="account__avatar" src={user.avatarUrl} alt="" /> : null}
          {displayName}
        </span>
      ) : (
        <span className="spinner" role="status" aria-label="Loading your account" />
      )}
      <button
        type="button"
        className="button button--secondary"
        disabled={isLoggingOut}
        onClick={handleLogOut}
      >
        Log out
      </button>
    </div>
  );
}
