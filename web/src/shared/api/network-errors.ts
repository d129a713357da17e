import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { AppDispatch } from '@/shared/lib/store';
import { logEvent } from '@/shared/telemetry/log-event';

/** The telemetry type of failed calls (spec 7, Events; spec 8). */
export const NETWORK_ERROR_EVENT = 'UI_NETWORK_ERRORS';

/**
 * Reports a failed call as a UI_NETWORK_ERRORS event with how many retries it had. An answer the API
 * gave on purpose (4xx: bad input, no access) is not a network failure; no answer, a timeout, or a
 * server error (5xx) is.
 */
export function reportNetworkError(
  dispatch: AppDispatch,
  endpoint: string,
  url: string,
  error: FetchBaseQueryError,
  retryCount: number,
) {
  const status = error.status;
  const isAnswer = typeof status === 'number' && status < 500;
  const isSchemaBreak = status === 'CUSTOM_ERROR';
  if (isAnswer || isSchemaBreak) return;
  void dispatch(logEvent(NETWORK_ERROR_EVENT, { endpoint, url, status, retryCount }));
}
