import { AffiliateClickTracker } from '@/features/affiliate-tracking/components/affiliate-click-tracker';
import { ScreenLeaseGuard } from '@/features/screen-lease/components/screen-lease-guard';
import { VersionCheck } from '@/features/version-check/components/version-check';
import { useDeferredStart } from './banners';

/** The shell's work without a face of its own, loaded after the first page: nothing here blocks it. */
export function BackgroundServices() {
  const isStarted = useDeferredStart();
  return (
    <>
      <VersionCheck />
      <ScreenLeaseGuard />
      {isStarted ? <AffiliateClickTracker /> : null}
    </>
  );
}
