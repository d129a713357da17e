import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

/** The HTTP status of a failed call, when it got an answer. */
export function errorStatusOf(error: FetchBaseQueryError | SerializedError | undefined): number | undefined {
  return error && 'status' in error && typeof error.status === 'number' ? error.status : undefined;
}
