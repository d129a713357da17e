import { buildRoutePath, type ApiCall, type CallRoute } from '@app/contracts';
import type { EndpointBuilder, FetchArgs, MutationDefinition, QueryDefinition } from '@reduxjs/toolkit/query';
import type { z } from 'zod';
import type { ApiBaseQuery } from './api-slice';

export type CallRequest<Call extends ApiCall> = z.infer<Call['request']>;
export type CallResponse<Call extends ApiCall> = z.infer<Call['response']>;
export type CallParams<Call extends ApiCall> = z.infer<Call['params']>;

type EmptyObject = Record<never, never>;
/** A request whose fields are all optional may be left out: `useXQuery()` instead of `useXQuery({})`. */
type OmittableWhenEmpty<T> = EmptyObject extends T ? T | void : T;

/**
 * The argument of a contract endpoint: the request (query string for GET, JSON body for POST),
 * or, when the path has `{placeholders}`, the path parameters beside it.
 */
export type CallArg<Call extends ApiCall> =
  EmptyObject extends CallParams<Call>
    ? OmittableWhenEmpty<CallRequest<Call>>
    : { params: CallParams<Call> } & (EmptyObject extends CallRequest<Call>
        ? { request?: CallRequest<Call> }
        : { request: CallRequest<Call> });

const placeholder = /\{\w+\}/;

/**
 * A contract call, or its route: an endpoint built from the route leaves zod and the schemas out of the
 * page's chunks (see contracts/src/api/call-routes.ts). Either gives the endpoint the call's types.
 */
export type CallOrRoute<Call extends ApiCall> = Call | CallRoute<Call>;

/** Turns a contract call and its argument into the request RTK Query's fetchBaseQuery sends. */
export function toFetchArgs<Call extends ApiCall>(call: CallOrRoute<Call>, arg: CallArg<Call>): FetchArgs {
  const { params, request } = placeholder.test(call.path)
    ? (arg as { params: Record<string, string>; request?: unknown })
    : { params: {}, request: arg as unknown };
  const url = buildRoutePath(call, params);
  if (call.method === 'GET') {
    return { url, method: 'GET', params: request as Record<string, unknown> | undefined };
  }
  return {
    url,
    method: 'POST',
    // Serialised here so every body, strings included, goes out as JSON.
    body: JSON.stringify(request ?? {}),
    headers: { 'Content-Type': 'application/json' },
  };
}

// zod schemas are Standard Schemas; TypeScript cannot see that through the generic `Call['response']`.
type ResponseSchema<Call extends ApiCall> = StandardSchemaV1Of<CallResponse<Call>>;
type StandardSchemaV1Of<T> = NonNullable<QueryDefinition<unknown, ApiBaseQuery, never, T>['responseSchema']>;

type Builder<TagType extends string> = EndpointBuilder<ApiBaseQuery, TagType, 'api'>;

/**
 * Answers are checked against the contract in development, where a break should fail loudly; a
 * production build trusts its own server. Parsing every answer with zod cost the question list about
 * 10 ms of main thread (and the garbage to collect) between its answer and the frame showing its rows.
 */
function responseSchemaOf<Call extends ApiCall>(call: CallOrRoute<Call>): ResponseSchema<Call> | undefined {
  if (!import.meta.env.DEV) return undefined;
  if ('response' in call) return call.response as ResponseSchema<Call>;
  return lazyResponseSchema(call.id) as ResponseSchema<Call>;
}

/** A route's response schema, loaded with every call (development only) when its first answer comes. */
function lazyResponseSchema(id: string) {
  return {
    '~standard': {
      version: 1,
      vendor: 'contracts',
      async validate(value: unknown) {
        const { apiCalls } = await import('@app/contracts');
        const call = apiCalls.find((candidate) => candidate.id === id);
        if (!call) throw new Error(`${id}: no contract call has this id`);
        return call.response['~standard'].validate(value);
      },
    },
  } as const;
}

/** What a feature may add to a contract query: caching and tags; the request and response come from the call. */
export type ContractQueryOptions<Call extends ApiCall, TagType extends string> = Partial<
  Pick<
    QueryDefinition<CallArg<Call>, ApiBaseQuery, TagType, CallResponse<Call>, 'api'>,
    'providesTags' | 'keepUnusedDataFor' | 'onQueryStarted' | 'onCacheEntryAdded'
  >
>;

export type ContractMutationOptions<Call extends ApiCall, TagType extends string> = Partial<
  Pick<
    MutationDefinition<CallArg<Call>, ApiBaseQuery, TagType, CallResponse<Call>, 'api'>,
    'invalidatesTags' | 'onQueryStarted'
  >
>;

/**
 * A query endpoint for a contract call. Its argument and result types come from the call's zod schemas,
 * and in development the response is validated against the schema at run time.
 *
 * @example
 * api.injectEndpoints({ endpoints: (build) => ({ systemStatus: contractQuery(build, systemStatus) }) });
 */
export function contractQuery<Call extends ApiCall, TagType extends string>(
  build: Builder<TagType>,
  call: CallOrRoute<Call>,
  options: ContractQueryOptions<Call, TagType> = {},
) {
  return build.query<CallResponse<Call>, CallArg<Call>>({
    ...options,
    query: (arg) => toFetchArgs(call, arg),
    responseSchema: responseSchemaOf(call),
  });
}

/** A mutation endpoint for a contract call (commands): the request goes in the JSON body. */
export function contractMutation<Call extends ApiCall, TagType extends string>(
  build: Builder<TagType>,
  call: CallOrRoute<Call>,
  options: ContractMutationOptions<Call, TagType> = {},
) {
  return build.mutation<CallResponse<Call>, CallArg<Call>>({
    ...options,
    query: (arg) => toFetchArgs(call, arg),
    responseSchema: responseSchemaOf(call),
  });
}
