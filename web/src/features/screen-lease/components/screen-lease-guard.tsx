import { useState } from 'react';
import { logOut, useCurrentUser, useIsSignedIn } from '@/shared/auth/session';
import { useAppDispatch } from '@/shared/lib/store';
import { logEvent } from '@/shared/telemetry/log-event';
import { useScreenLease } from '../hooks/use-screen-lease';
import { ForcedLogoutDialog } from './forced-logout-dialog';
import './screen-lease.css';

/**
 * Keeps the signed-in user's single-screen lease and, when another machine takes it over, runs the
 * forced logout: the dialog counts down, then the event is logged and the session revoked.
 */
export function ScreenLeaseGuard() {
  const dispatch = useAppDispatch();
  const isSignedIn = useIsSignedIn();
  const { data: user } = useCurrentUser();
  const { takeover, dismissTakeover } = useScreenLease(isSignedIn ? user?.subject : undefined);
  const [isLoggedOut, setIsLoggedOut] = useState(false);

  if (!takeover) return null;

  async function handleCountdownEnd() {
    if (!takeover) return;
    await dispatch(
      logEvent('single-screen logout', {
        machine_uuid: takeover.machineUuid,
        current_owner: takeover.currentOwner,
      }),
    );
    await dispatch(logOut('singleScreen'));
    setIsLoggedOut(true);
  }

  function handleClose() {
    setIsLoggedOut(false);
    dismissTakeover();
  }

  return (
    <ForcedLogoutDialog onCountdownEnd={handleCountdownEnd} onClose={isLoggedOut ? handleClose : undefined} />
  );
}
