import { lazy, Suspense } from 'react';
import { allAccessProductIds } from '@app/contracts';
import { SaleBanner } from '@/features/sale-banner/components/sale-banner';
import { useOwnedProducts } from '@/shared/billing/billing-api';
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
  // Roles and active subscriptions both count (spec 6); undefined until both are known.
  const owned = useOwnedProducts();
  const ownsAllProducts = owned && allAccessProductIds.every((product) => owned.includes(product));

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
