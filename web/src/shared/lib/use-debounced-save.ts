import { useCallback, useEffect, useRef, useState } from 'react';

export type SaveState = 'saved' | 'pending' | 'saving' | 'failed';

type Patch = Record<string, unknown>;

/** Deep-merges b into a (objects merge, everything else replaces), as user-data/set does. */
function mergePatches(a: Patch, b: Patch): Patch {
  const merged: Patch = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const old = merged[key];
    merged[key] =
      value &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      old &&
      typeof old === 'object' &&
      !Array.isArray(old)
        ? mergePatches(old as Patch, value as Patch)
        : value;
  }
  return merged;
}

/**
 * Collects changes and sends them together once typing pauses for `delayMs` (and at once when the page
 * is hidden or the component goes away), so a learner's keystrokes cost one save, not one each.
 */
export function useDebouncedSave(
  send: (patch: Patch) => Promise<boolean>,
  delayMs: number,
  enabled: boolean,
) {
  const pending = useRef<Patch | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const sendRef = useRef(send);
  sendRef.current = send;
  const [state, setState] = useState<SaveState>('saved');

  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    const patch = pending.current;
    if (!patch) return;
    pending.current = null;
    setState('saving');
    void sendRef.current(patch).then((ok) => {
      if (pending.current) return; // newer changes are waiting; their save reports the state
      setState(ok ? 'saved' : 'failed');
    });
  }, []);

  const schedule = useCallback(
    (patch: Patch) => {
      if (!enabled) return;
      pending.current = mergePatches(pending.current ?? {}, patch);
      setState('pending');
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(flush, delayMs);
    },
    [delayMs, enabled, flush],
  );

  useEffect(() => {
    const handleHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', handleHide);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', handleHide);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  return { schedule, flush, state };
}
