import type { HttpMethod } from './define';

/**
 * Where a call goes: its id, method and path, without its schemas. Each call's is written once, made
 * with `post(id, path)` or `get(id, path)`: in its `defineCall({ route: ... })`, or, for the calls the
 * web reaches without zod, in routed-call-paths.ts, which call-routes.ts types as the web's routes.
 */
export type CallPath = {
  /** Stable identifier, also the RTK Query endpoint name: the name the call is exported under. */
  readonly id: string;
  readonly method: HttpMethod;
  /** Path with `{name}` placeholders, which the call's `params` validate. */
  readonly path: string;
};

export const post = (id: string, path: string): CallPath => ({ id, method: 'POST', path });
export const get = (id: string, path: string): CallPath => ({ id, method: 'GET', path });
