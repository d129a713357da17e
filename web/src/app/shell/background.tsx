import { BACKGROUND_CALL_FIRST_RUN_MS } from '@app/contracts';
import { AffiliateClickTracker } from '@/features/affiliate-tracking/components/affiliate-click-tracker';
import { ScreenLeaseGuard } from '@/features/screen-lease/components/screen-lease-guard';
import { VersionCheck } from '@/features/version-check/components/version-check';
import { useDeferredStart } from './banners';

/** The shell's work without a face of its own, loaded after the first page: nothing here blocks it. */
export function BackgroundServices() {
  const isStarted = useDeferredStart();
  // The periodic background call (spec 7): the version check, first 2 s after start, then every 10 minutes.
  const isBackgroundCallDue = useDeferredStart(BACKGROUND_CALL_FIRST_RUN_MS);
  return (
    <>
      {isBackgroundCallDue ? <VersionCheck /> : null}
      <ScreenLeaseGuard />
      {isStarted ? <AffiliateClickTracker /> : null}
    </>
  );
}
