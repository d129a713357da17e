import { AffiliateClickTracker } from '@/features/affiliate-tracking/components/affiliate-click-tracker';
import { ScreenLeaseGuard } from '@/features/screen-lease/components/screen-lease-guard';
import { VersionCheck } from '@/features/version-check/components/version-check';

/**
 * The shell's work without a face of its own. The root mounts it DEFERRED_STARTUP_MS (2 s) after start,
 * as spec 7 starts startup tracking and the periodic background call (the version check, then every 10
 * minutes): its code and its calls' schemas never compete with the first page's data for the main thread.
 */
export function BackgroundServices() {
  return (
    <>
      <VersionCheck />
      <ScreenLeaseGuard />
      <AffiliateClickTracker />
    </>
  );
}
