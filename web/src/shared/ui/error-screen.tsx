import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { errorScreenTexts } from '@app/contracts';
import { useAppDispatch } from '@/shared/lib/store';
import { logEvent } from '@/shared/telemetry/log-event';
import { CRASH_EVENT } from '@/shared/telemetry/window-errors';
import { NotFound } from './not-found';

/** The help page with the miscellaneous-bug category chosen (spec 2, Error screen). */
export const BUG_REPORT_PATH = '/help?category=miscellaneous-bug';

const loggedErrors = new WeakSet<object>();

/** The unexpected-error screen of spec 2 and 8; the crash is logged once. A 404 shows the not-found page. */
export function ErrorScreen() {
  const error = useRouteError();
  const dispatch = useAppDispatch();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (isNotFound) return;
    // StrictMode runs effects twice in development: the same error object is logged once.
    if (typeof error === 'object' && error !== null) {
      if (loggedErrors.has(error)) return;
      loggedErrors.add(error);
    }
    const message = error instanceof Error ? error.message : String(error);
    void dispatch(
      logEvent(CRASH_EVENT, {
        message,
        stack: error instanceof Error ? error.stack : undefined,
        path: window.location.pathname,
      }),
    );
  }, [error, isNotFound, dispatch]);

  function handleReload() {
    window.location.reload();
  }

  if (isNotFound) return <NotFound />;

  return (
    <main className="error-screen" data-testid="error-screen">
      <title>Error · Interview Prep</title>
      <h1>{errorScreenTexts.heading}</h1>
      <p>{errorScreenTexts.body}</p>
      <p>
        <a href={BUG_REPORT_PATH}>Submit a bug report</a>
      </p>
      <button type="button" className="button button--primary" onClick={handleReload}>
        {errorScreenTexts.reloadButton}
      </button>
    </main>
  );
}
