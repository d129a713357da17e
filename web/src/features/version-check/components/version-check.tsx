import { useEffect } from 'react';
import { UI_VERSION_POLL_MS, VERSION_RELOAD_DELAY_MS, type UiVersionStatus } from '@app/contracts';
import { useAppDispatch, type AppDispatch } from '@/shared/lib/store';
import { logEvent } from '@/shared/telemetry/log-event';
import { useEvalUiVersionQuery } from '../api/eval-ui-version';

const APP_VERSION = __APP_VERSION__;

/**
 * Asks once mounted (the shell mounts it 2 s after start) and every ten minutes whether this build may still run (spec 4, Version check).
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

const LAST_FORCED_REFRESH_KEY = 'ae_last_forced_refresh';

/**
 * A reload that brings back the same build (a stale cache between us and the server, say) must not
 * loop: one forced refresh per build per poll interval, the next poll tries again.
 */
function refreshedRecently(): boolean {
  try {
    const last = JSON.parse(window.sessionStorage.getItem(LAST_FORCED_REFRESH_KEY) ?? 'null') as {
      version: string;
      at: number;
    } | null;
    return last?.version === APP_VERSION && Date.now() - last.at < UI_VERSION_POLL_MS;
  } catch {
    return false;
  }
}

function rememberRefresh() {
  try {
    window.sessionStorage.setItem(
      LAST_FORCED_REFRESH_KEY,
      JSON.stringify({ version: APP_VERSION, at: Date.now() }),
    );
  } catch {
    // Without storage the guard is off; the poll interval still spaces reloads out.
  }
}

/** Logs the forced refresh, then reloads once the event is out and the delay of spec 4 has passed. */
function reloadForNewVersion(dispatch: AppDispatch, reason: Exclude<UiVersionStatus, 'supported'>) {
  if (isReloading || refreshedRecently()) return;
  isReloading = true;
  rememberRefresh();
  const delay = new Promise((resolve) => window.setTimeout(resolve, VERSION_RELOAD_DELAY_MS));
  void Promise.all([dispatch(logEvent('forced refresh', { reason, version: APP_VERSION })), delay]).then(() =>
    window.location.reload(),
  );
}
