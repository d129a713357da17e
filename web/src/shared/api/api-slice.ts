import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type NamedSchemaError,
} from '@reduxjs/toolkit/query/react';
import { CREDENTIALS_EXPIRED_TEXT, refreshToken, signOut } from '@app/contracts';
import { clearLoginToken, readLoginToken, requestToken, saveLoginToken } from '@/shared/auth/login-token';
import { selectIsSignedIn, sessionEnded, type SessionState } from '@/shared/auth/session-slice';
import { noticeShown } from '@/shared/notices/notices-slice';

/** The bearer token of one request travels to `prepareHeaders` in the extra options. */
type AuthExtraOptions = { bearer: string | null };

const fetchWithBearer = fetchBaseQuery({
  // Same origin: the gateway serves the web and /api together.
  baseUrl: '',
  prepareHeaders: (headers, { extraOptions }) => {
    const { bearer } = extraOptions as AuthExtraOptions;
    if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
    return headers;
  },
});

/**
 * A token refresh replaces the token and ends the old one's session, so other calls wait for it and go
 * out with the new token.
 */
let pendingRefresh: Promise<unknown> | null = null;

/**
 * Every call carries the login token, or the default anonymous one (spec 7). A 401 on a signed-in
 * session means the token expired or was revoked: the session ends with a notice (spec 8).
 */
export const apiBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  baseApi,
) => {
  if (baseApi.endpoint !== refreshToken.id) {
    if (pendingRefresh) await pendingRefresh;
    return callWithLoginToken(args, baseApi);
  }
  const refresh = callWithLoginToken(args, baseApi).then((result) => {
    // Adopted before the waiting calls resume, so none of them sends the replaced token.
    const newToken = (result.data as { Token?: unknown } | undefined)?.Token;
    if (typeof newToken === 'string' && newToken) saveLoginToken(newToken);
    return result;
  });
  pendingRefresh = refresh;
  try {
    return await refresh;
  } finally {
    if (pendingRefresh === refresh) pendingRefresh = null;
  }
};

async function callWithLoginToken(args: string | FetchArgs, baseApi: BaseQueryApi) {
  const send = (loginToken: string | null) =>
    fetchWithBearer(args, baseApi, { bearer: requestToken(loginToken) } satisfies AuthExtraOptions);

  const sentToken = readLoginToken();
  const result = await send(sentToken);
  // Logging out answers 401 when the token is already gone; the caller ends the session either way.
  if (result.error?.status !== 401 || baseApi.endpoint === signOut.id) return result;

  const currentToken = readLoginToken();
  // Another tab refreshed the shared token while this call was out: the call is repeated with the new one.
  if (currentToken !== null && currentToken !== sentToken) return send(currentToken);
  const wasSignedIn = sentToken !== null || selectIsSignedIn(baseApi.getState() as { session: SessionState });
  if (wasSignedIn) expireSession(baseApi.dispatch);
  return result;
}

function expireSession(dispatch: BaseQueryApi['dispatch']) {
  console.error(CREDENTIALS_EXPIRED_TEXT);
  dispatch(endSession());
  dispatch(noticeShown(CREDENTIALS_EXPIRED_TEXT, 'failure'));
}

export type ApiBaseQuery = typeof apiBaseQuery;

type IssuePath = NamedSchemaError['issues'][number]['path'];

function formatIssuePath(path: IssuePath): string {
  const segments = (path ?? []).map((segment) => String(typeof segment === 'object' ? segment.key : segment));
  return segments.length > 0 ? segments.join('.') : '(root)';
}

/** Cache tags; features add theirs here so invalidation stays visible in one place. */
export const apiTagTypes = ['UserInfo'] as const;
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

type SessionThunk = ThunkAction<void, unknown, unknown, UnknownAction>;

/**
 * Ends the session in this browser: the token is forgotten, other tabs are told (they reload), and the
 * cached answers, which belonged to the signed-in user, are dropped.
 */
export function endSession(): SessionThunk {
  return (dispatch) => {
    clearLoginToken();
    dispatch(sessionEnded());
    dispatch(api.util.resetApiState());
  };
}
