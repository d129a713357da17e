import { useEffect, useState } from 'react';
import { allAccessProductIds, DEFERRED_STARTUP_MS, ownedProducts } from '@app/contracts';
import { AnnouncementsPanel } from '@/features/announcements/components/announcements-panel';
import { SaleBanner } from '@/features/sale-banner/components/sale-banner';
import { useCurrentUser, useIsSignedIn } from '@/shared/auth/session';

/**
 * The banners above the header, loaded after the first page: the sale banner at once, the announcements
 * from DEFERRED_STARTUP_MS on (spec 7, Startup and background).
 */
export function Banners() {
  const isStarted = useDeferredStart();
  const isSignedIn = useIsSignedIn();
  const { data: user } = useCurrentUser();
  const ownsAllProducts = !isSignedIn
    ? false
    : user
      ? allAccessProductIds.every((product) => ownedProducts(user.roles).includes(product))
      : undefined;

  return (
    <>
      {isStarted ? <AnnouncementsPanel /> : null}
      <SaleBanner ownsAllProducts={ownsAllProducts} />
    </>
  );
}

/** True once `delayMs` (DEFERRED_STARTUP_MS by default) have passed since the shell started. */
export function useDeferredStart(delayMs = DEFERRED_STARTUP_MS): boolean {
  const [isStarted, setIsStarted] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setIsStarted(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  return isStarted;
}
