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
import {
  CREDENTIALS_EXPIRED_TEXT,
  REQUEST_TIMEOUT_MS,
  RETRY_TIMEOUTS_MS,
  RETRY_WAITS_MS,
  type recordEvent,
  type refreshToken,
  type signOut,
  type EventPosition,
  EVENT_POSITION_HEADER,
  MIN_POSITION_HEADER,
  formatPosition,
  maxPosition,
  parsePosition,
} from '@app/contracts';
import {
  clearLoginToken,
  isLoggedOutFlagSet,
  readLoginToken,
  requestToken,
  saveLoginToken,
  settledLoginToken,
} from '@/shared/auth/login-token';
import { selectIsSignedIn, sessionEnded, type SessionState } from '@/shared/auth/session-slice';
import { noticeShown } from '@/shared/notices/notices-slice';
import type { AppDispatch } from '@/shared/lib/store';
import { reportNetworkError } from './network-errors';

/*
 * Endpoint names are the contract call ids. Written out (typed from the contracts) so that
 * the base query, which every page loads, does not pull the calls' zod schemas into the first chunk.
 */
const REFRESH_TOKEN_ENDPOINT = 'refreshToken' satisfies (typeof refreshToken)['id'];
const SIGN_OUT_ENDPOINT = 'signOut' satisfies (typeof signOut)['id'];
const RECORD_EVENT_ENDPOINT = 'recordEvent' satisfies (typeof recordEvent)['id'];

/** Spec 7: every call carries the staging header when the staging cookie is set, with the cookie's value. */
export const STAGING_COOKIE = 'ae_staging';
export const STAGING_HEADER = 'X-Staging';

/** The bearer token of one request travels to `prepareHeaders` in the extra options. */
type AuthExtraOptions = { bearer: string | null };

const fetchWithBearer = fetchBaseQuery({
  // Same origin: the gateway serves the web and /api together.
  baseUrl: '',
  prepareHeaders: (headers, { extraOptions, type }) => {
    const { bearer } = extraOptions as AuthExtraOptions;
    if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
    // Read your writes: a query waits until the read models have what this page's commands appended.
    if (type === 'query' && lastWrite) headers.set(MIN_POSITION_HEADER, formatPosition(lastWrite));
    const staging = readCookie(STAGING_COOKIE);
    if (staging) headers.set(STAGING_HEADER, staging);
    return headers;
  },
});

/** The newest position a command of this page answered with (the X-Event-Position header). */
let lastWrite: EventPosition | undefined;

function rememberWrite(response: Response | undefined) {
  const header = response?.headers.get(EVENT_POSITION_HEADER);
  const position = header ? parsePosition(header) : undefined;
  if (position) lastWrite = lastWrite ? maxPosition(lastWrite, position) : position;
}

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? entry.slice(prefix.length) || null : null;
}

/**
 * Endpoints whose failures are nobody's business (spec 7, 8): polling and background calls retry on their
 * own schedule, fire-and-forget calls do not care. Features register theirs when they inject them.
 */
const quietEndpoints = new Set<string>([RECORD_EVENT_ENDPOINT]);

export function markQuietEndpoints(...names: string[]) {
  names.forEach((name) => quietEndpoints.add(name));
}

/**
 * Spec 7, Retry and timeouts: a query (a read, safe to repeat) gets 3 s on its first try and, when it
 * times out, up to two more tries of 8 s and 20 s after waits of 1 s and 2 s. Commands get one 20 s try.
 */
async function fetchWithTimeouts(args: string | FetchArgs, baseApi: BaseQueryApi, bearer: string | null) {
  const fetchArgs: FetchArgs = typeof args === 'string' ? { url: args } : args;
  const timeouts: readonly number[] = baseApi.type === 'query' ? RETRY_TIMEOUTS_MS : [REQUEST_TIMEOUT_MS];
  for (let attempt = 0; ; attempt++) {
    const result = await fetchWithBearer({ ...fetchArgs, timeout: timeouts[attempt] }, baseApi, {
      bearer,
    } satisfies AuthExtraOptions);
    if (baseApi.type === 'mutation') rememberWrite(result.meta?.response);
    const isLastTry = attempt === timeouts.length - 1;
    if (result.error?.status !== 'TIMEOUT_ERROR' || isLastTry || baseApi.signal.aborted) {
      if (result.error && !quietEndpoints.has(baseApi.endpoint)) {
        reportNetworkError(
          baseApi.dispatch as AppDispatch,
          baseApi.endpoint,
          fetchArgs.url,
          result.error,
          attempt,
        );
      }
      return result;
    }
    await new Promise((resolve) => window.setTimeout(resolve, RETRY_WAITS_MS[attempt]));
  }
}

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
  if (baseApi.endpoint !== REFRESH_TOKEN_ENDPOINT) {
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

/**
 * Holds every call but the token refresh until `done` settles: the refresh is loaded on demand, and calls
 * sent meanwhile with the old token would be refused once it is replaced.
 */
export function holdCallsUntil(done: Promise<unknown>) {
  const held = done.catch(() => undefined);
  pendingRefresh = held;
  void held.finally(() => {
    if (pendingRefresh === held) pendingRefresh = null;
  });
}

async function callWithLoginToken(args: string | FetchArgs, baseApi: BaseQueryApi) {
  const send = (loginToken: string | null) => fetchWithTimeouts(args, baseApi, requestToken(loginToken));

  const sentToken = readLoginToken();
  if (baseApi.endpoint === SIGN_OUT_ENDPOINT) {
    // Logging out answers 401 when the token is already gone; the caller ends the session either way.
    loggingOutHere = true;
    return send(sentToken);
  }
  const result = await send(sentToken);
  if (result.error?.status !== 401) return result;
  // The session was ended by a logout: not this tab's, so another tab of this browser logged out, and this
  // call's refusal came before that tab cleared the shared token. The page reloads signed out, as that
  // tab's signal would have made it (spec 4, Login), instead of telling of expired credentials.
  // This tab's own logout is out (its answer ends the session here): a call of this tab refused meanwhile
  // changes nothing, rather than ending the session early as an expiry.
  if (errorCodeOf(result.error) === 'SIGNED_OUT' && loggingOutHere) return result;
  const signedInHere = selectIsSignedIn(baseApi.getState() as { session: SessionState });
  if (errorCodeOf(result.error) === 'SIGNED_OUT' && signedInHere) {
    // That tab clears the token once its logout is answered; if it never does (closed meanwhile), this
    // one clears it, so the reloaded page starts signed out rather than refused again.
    const token = await settledLoginToken((current) => current !== sentToken, LOGOUT_SETTLE_MS);
    if (token === sentToken) clearLoginToken();
    window.location.reload();
    return result;
  }

  const currentToken =
    sentToken === null
      ? readLoginToken()
      : await settledLoginToken((token) => token !== sentToken, SHARED_TOKEN_SETTLE_MS);
  // Another tab refreshed the shared token while this call was out: the call is repeated with the new one.
  if (currentToken !== null && currentToken !== sentToken) return send(currentToken);
  const isSignedInHere = selectIsSignedIn(baseApi.getState() as { session: SessionState });
  // Several calls refused together: the first one ended the session, the others have nothing to end.
  if (currentToken === null && !isSignedInHere) return result;
  // Another tab logged out and this call's 401 came before its storage event: the page reloads signed
  // out, as the event would have made it (spec 4, Login), instead of telling of expired credentials.
  if (currentToken === null && isLoggedOutFlagSet()) {
    window.location.reload();
    return result;
  }
  const wasSignedIn = sentToken !== null || isSignedInHere;
  if (wasSignedIn) expireSession(baseApi.dispatch);
  return result;
}

/** How long a call refused as SIGNED_OUT waits for the tab that logged out to clear the shared token. */
const LOGOUT_SETTLE_MS = 5000;

/** From this tab's logout call until its session ends here: its own calls refused as SIGNED_OUT reload nothing. */
let loggingOutHere = false;

function errorCodeOf(error: FetchBaseQueryError): string | undefined {
  const data = error.data as { code?: unknown } | undefined;
  return typeof data?.code === 'string' ? data.code : undefined;
}

/**
 * How long a refused call waits for another tab's token change to reach this one. Another tab's logout
 * revokes the token on the server first and clears the shared cookie only when the server has answered:
 * a call of this tab refused in between (a polling page's next poll) must not be taken for an expiry.
 */
const SHARED_TOKEN_SETTLE_MS = 1000;

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
export const apiTagTypes = [
  'UserInfo',
  'Catalogue',
  'Submissions',
  'UserData',
  'Unlocks',
  'Certificates',
  'Billing',
  'AnalyticsQueries',
  'AnalyticsRuns',
  'SharedSolutions',
  'SolutionComments',
  'Quizzes',
  'Assessments',
  'CourseAssessments',
] as const;
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
    loggingOutHere = false;
    clearLoginToken();
    dispatch(sessionEnded());
    dispatch(api.util.resetApiState());
  };
}
