import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { BACKGROUND_CALL_FIRST_RUN_MS } from '@app/contracts';
import { AccountArea } from '@/features/auth/components/account-area';
import { SignInGate } from '@/features/auth/components/sign-in-gate';
import { NoticeStack } from '@/shared/notices/notice-stack';
import { OfflineNotice } from '@/shared/notices/offline-notice';
import { captureReferralParams } from '@/shared/referral/referral';
import { useDeferredStart } from '@/shared/lib/use-deferred-start';
import { useRouteMeta } from '@/shared/routing/route-handle';
import { ScrollManager } from '@/shared/routing/scroll-manager';
import { AppLayout } from '@/shared/ui/app-layout';
import { ErrorScreen } from '@/shared/ui/error-screen';
import { OptionalPart } from '@/shared/ui/optional-part';

// After the first page: what they need stays out of its chunks.
const Banners = lazy(() => import('../shell/banners').then((module) => ({ default: module.Banners })));
const BackgroundServices = lazy(() =>
  import('../shell/background').then((module) => ({ default: module.BackgroundServices })),
);

export function Component() {
  const { search } = useLocation();
  const route = useRouteMeta();
  // Spec 7: the background's calls begin 2 s after start, so its code (and zod) loads only then.
  const isBackgroundDue = useDeferredStart(BACKGROUND_CALL_FIRST_RUN_MS);

  // `?r=` and `?a=` are kept whichever page they land on (spec 5).
  useEffect(() => {
    captureReferralParams(search);
  }, [search]);

  return (
    <>
      <AppLayout
        theme={route.theme}
        account={<AccountArea />}
        banners={
          <Suspense fallback={null}>
            <Banners />
          </Suspense>
        }
        showFooter={route.showsFooter}
        isColoured={route.isProductPage}
        page={
          route.signInReason === null ? undefined : (
            <SignInGate reason={route.signInReason}>
              <Outlet />
            </SignInGate>
          )
        }
      />
      <ScrollManager />
      <OfflineNotice />
      <NoticeStack />
      {isBackgroundDue ? (
        <OptionalPart>
          <Suspense fallback={null}>
            <BackgroundServices />
          </Suspense>
        </OptionalPart>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
