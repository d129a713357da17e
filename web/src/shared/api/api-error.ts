import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

type ApiErrorBody = { code: string; message: string };

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiErrorBody).code === 'string' &&
    typeof (value as ApiErrorBody).message === 'string'
  );
}

/** A readable message for any error an RTK Query hook can report, preferring the API's own message. */
export function getApiErrorMessage(error: FetchBaseQueryError | SerializedError | undefined): string {
  if (!error) return 'Something went wrong.';
  if (!('status' in error)) return error.message ?? 'Something went wrong.';
  switch (error.status) {
    case 'FETCH_ERROR':
      return 'The server could not be reached. Check your connection; the page retries on its own.';
    case 'TIMEOUT_ERROR':
      return 'The server took too long to answer.';
    case 'PARSING_ERROR':
      return `The server answered HTTP ${error.originalStatus} with a body that is not JSON.`;
    case 'CUSTOM_ERROR':
      return error.error;
    default:
      return isApiErrorBody(error.data) ? error.data.message : `The server answered HTTP ${error.status}.`;
  }
}
