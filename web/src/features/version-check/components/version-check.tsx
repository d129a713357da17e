import { useEffect } from 'react';
import { UI_VERSION_POLL_MS, VERSION_RELOAD_DELAY_MS, type UiVersionStatus } from '@app/contracts';
import { useAppDispatch, type AppDispatch } from '@/shared/lib/store';
import { logEvent } from '@/shared/telemetry/log-event';
import { useEvalUiVersionQuery } from '../api/eval-ui-version';

const APP_VERSION = __APP_VERSION__;

/**
 * Asks at start and every ten minutes whether this build may still run (spec 4, Version check).
 * Unsupported reloads at once; deprecated waits until the tab is hidden, so nobody loses what they
 * are doing. Failed checks are ignored: the next poll asks again. Renders nothing.
 */
export function VersionCheck() {
  const dispatch = useAppDispatch();
  const { data } = useEvalUiVersionQuery({ version: APP_VERSION }, { pollingInterval: UI_VERSION_POLL_MS });
  const status = data?.status;

  useEffect(() => {
    if (status === 'unsupported') {
      reloadForNewVersion(dispatch, status);
      return;
    }
    if (status !== 'deprecated') return;
    if (document.visibilityState === 'hidden') {
      reloadForNewVersion(dispatch, status);
      return;
    }
    function handleVisibilityChange() {
      reloadForNewVersion(dispatch, 'deprecated');
    }
    document.addEventListener('visibilitychange', handleVisibilityChange, { once: true });
    return () => document.removeEventListener('visibilitychange', handleVisibilityChange);
  }, [status, dispatch]);

  return null;
}

let isReloading = false;

/** Logs the forced refresh, then reloads once the event is out and the delay of spec 4 has passed. */
function reloadForNewVersion(dispatch: AppDispatch, reason: Exclude<UiVersionStatus, 'supported'>) {
  if (isReloading) return;
  isReloading = true;
  const delay = new Promise((resolve) => window.setTimeout(resolve, VERSION_RELOAD_DELAY_MS));
  void Promise.all([dispatch(logEvent('forced refresh', { reason, version: APP_VERSION })), delay]).then(() =>
    window.location.reload(),
  );
}
