import { ignoredWindowErrorMessages } from '@app/contracts';
import type { AppDispatch } from '@/shared/lib/store';
import { logEvent } from './log-event';

export const WINDOW_ERROR_EVENT = 'UI runtime error';
export const CRASH_EVENT = 'UI runtime error crash';

const ignored = new Set<string>(ignoredWindowErrorMessages);
const reported = new Set<string>();

/**
 * Spec 8, Window error: uncaught errors and rejections are reported once per distinct message; the
 * browser's ResizeObserver notices and cross-origin 'Script error.' are ignored. Returns the uninstaller.
 */
export function reportWindowErrors(dispatch: AppDispatch): () => void {
  function report(message: string, details: Record<string, unknown>) {
    if (!message || ignored.has(message) || reported.has(message)) return;
    reported.add(message);
    void dispatch(logEvent(WINDOW_ERROR_EVENT, { message, path: window.location.pathname, ...details }));
  }

  function handleError(event: ErrorEvent) {
    report(event.message, {
      source: event.filename,
      line: event.lineno,
      column: event.colno,
      stack: event.error instanceof Error ? event.error.stack : undefined,
    });
  }

  function handleRejection(event: PromiseRejectionEvent) {
    const reason: unknown = event.reason;
    const message = reason instanceof Error ? reason.message : String(reason);
    report(message, { stack: reason instanceof Error ? reason.stack : undefined, unhandledRejection: true });
  }

  window.addEventListener('error', handleError);
  window.addEventListener('unhandledrejection', handleRejection);
  return () => {
    window.removeEventListener('error', handleError);
    window.removeEventListener('unhandledrejection', handleRejection);
  };
}
