import { lazy, Suspense } from 'react';
import { allAccessProductIds, ownedProducts } from '@app/contracts';
import { SaleBanner } from '@/features/sale-banner/components/sale-banner';
import { useCurrentUser, useIsSignedIn } from '@/shared/auth/session';
import { useDeferredStart } from '@/shared/lib/use-deferred-start';
import { OptionalPart } from '@/shared/ui/optional-part';

// Its calls' schemas (zod) load with it, 2 s after start: nothing the first page needs waits for them.
const AnnouncementsPanel = lazy(() =>
  import('@/features/announcements/components/announcements-panel').then((module) => ({
    default: module.AnnouncementsPanel,
  })),
);

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
      {isStarted ? (
        <OptionalPart>
          <Suspense fallback={null}>
            <AnnouncementsPanel />
          </Suspense>
        </OptionalPart>
      ) : null}
      <SaleBanner ownsAllProducts={ownsAllProducts} />
    </>
  );
}
