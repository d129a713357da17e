import { createApi, fetchBaseQuery, type NamedSchemaError } from '@reduxjs/toolkit/query/react';
import { readAuthToken } from './auth-token';

export const apiBaseQuery = fetchBaseQuery({
  // Same origin: the gateway serves the web and /api together.
  baseUrl: '',
  prepareHeaders: (headers) => {
    const token = readAuthToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

export type ApiBaseQuery = typeof apiBaseQuery;

type IssuePath = NamedSchemaError['issues'][number]['path'];

function formatIssuePath(path: IssuePath): string {
  const segments = (path ?? []).map((segment) => String(typeof segment === 'object' ? segment.key : segment));
  return segments.length > 0 ? segments.join('.') : '(root)';
}

/** Cache tags; features add theirs here so invalidation stays visible in one place. */
export const apiTagTypes = [] as const;
export type ApiTagType = (typeof apiTagTypes)[number];

/**
 * The one RTK Query slice of the app. It starts empty: each feature adds its endpoints with
 * `api.injectEndpoints`, built from contract calls by the helpers in `contract-endpoint.ts`.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: apiTagTypes,
  endpoints: () => ({}),
  // A response that breaks the contract becomes an ordinary, displayable error instead of a thrown one.
  catchSchemaFailure: (error, info) => ({
    status: 'CUSTOM_ERROR' as const,
    error: `The server's answer to ${info.endpoint} does not match the contract: ${error.issues
      .map((issue) => `${formatIssuePath(issue.path)} ${issue.message}`)
      .join('; ')}`,
    data: error.value,
  }),
});
