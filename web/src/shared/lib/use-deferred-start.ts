import { useEffect, useState } from 'react';
import { DEFERRED_STARTUP_MS } from '@app/contracts';

/**
 * True once `delayMs` (DEFERRED_STARTUP_MS by default) have passed since the component mounted: what
 * spec 7 starts 2 s after start (announcements, startup tracking, the periodic background call).
 */
export function useDeferredStart(delayMs = DEFERRED_STARTUP_MS): boolean {
  const [isStarted, setIsStarted] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setIsStarted(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  return isStarted;
}
