import { useEffect, useState } from 'react';
import { logOut, useCurrentUser } from '@/shared/auth/session';
import { useOwnedProducts } from '@/shared/billing/billing-api';
import { useAppDispatch } from '@/shared/lib/store';
import { Button } from '@/shared/ui/button';
import { Loader } from '@/shared/ui/loader';
import { rememberPreviousLogin } from '../utils/previous-login';
import './auth.css';

/** The signed-in user's name and the Log out button. */
export function SignedInAccount() {
  const dispatch = useAppDispatch();
  const { data: user, isError } = useCurrentUser();
  // Roles and purchases: undefined until both are known.
  const ownedProducts = useOwnedProducts();
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  // The next sign-in dialog on this browser reminds which account had which products.
  useEffect(() => {
    if (user && ownedProducts) rememberPreviousLogin(user.oauthProvider, ownedProducts);
  }, [user, ownedProducts]);
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
        <Loader label="Loading your account" />
      )}
      <Button variant="secondary" isLoading={isLoggingOut} onClick={handleLogOut}>
        Log out
      </Button>
    </div>
  );
}
