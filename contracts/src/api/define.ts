import { z } from 'zod';
import { productIds } from '../constants';
import type { CallPath } from './call-path';
import type { BuildState } from './build-state';

/**
 * Who may call an endpoint.
 * - anyone: anonymous visitors included (the default anonymous token, or none yet);
 * - user: any signed-in learner;
 * - owner: a signed-in user owning the product (the path's {product}, or a fixed one);
 * - staff: staff role, or until sign-in exists the STAFF_TOKEN bearer token;
 * - analyst: a signed-in user holding the analyst role, or staff (the analytics workspace).
 */
export type Access =
  | { kind: 'anyone' }
  | { kind: 'user' }
  | { kind: 'owner'; product: (typeof productIds)[number] | 'fromPath' }
  | { kind: 'staff' }
  | { kind: 'analyst' };

export const anyone: Access = { kind: 'anyone' };
export const signedIn: Access = { kind: 'user' };
export const staffOnly: Access = { kind: 'staff' };
export const analystsOnly: Access = { kind: 'analyst' };
export const ownerOfPathProduct: Access = { kind: 'owner', product: 'fromPath' };

export type HttpMethod = 'GET' | 'POST';
/** Commands go to the command-service and answer a position; queries go to the projection-service. */
export type CallKind = 'command' | 'query';
export type ServiceName = 'command-service' | 'projection-service';

export type ApiCall<
  Request extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
  Params extends z.ZodType = z.ZodType,
> = {
  /** Stable identifier, also the RTK Query endpoint name. */
  readonly id: string;
  readonly method: HttpMethod;
  /** Path with `{name}` placeholders validated by `params`. */
  readonly path: string;
  readonly kind: CallKind;
  /** Defaults to the service of the kind; admin calls of the read side override it. */
  readonly service: ServiceName;
  readonly access: Access;
  /** Body for POST, query string for GET. */
  readonly request: Request;
  readonly response: Response;
  readonly params: Params;
  readonly summary: string;
  /** Fire-and-forget calls: the client ignores errors (spec 7, click tracking). */
  readonly fireAndForget?: boolean;
  /** Built, or planned by an area of work (build-state.ts): the coverage table of contracts/README.md. */
  readonly state: BuildState;
};

type CallInput<Request extends z.ZodType, Response extends z.ZodType, Params extends z.ZodType> = {
  /** The call's entry in call-paths.ts (or call-routes.ts): its id, method and path. */
  route: CallPath;
  state: BuildState;
  kind: CallKind;
  service?: ServiceName;
  access: Access;
  request: Request;
  response: Response;
  params?: Params;
  summary: string;
  fireAndForget?: boolean;
};

const noParams = z.object({});

export function defineCall<
  Request extends z.ZodType,
  Response extends z.ZodType,
  Params extends z.ZodType = typeof noParams,
>(input: CallInput<Request, Response, Params>): ApiCall<Request, Response, Params> {
  const { route, ...rest } = input;
  const placeholders = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const params = (input.params ?? noParams) as Params;
  const shape = params instanceof z.ZodObject ? Object.keys(params.shape) : [];
  if (placeholders.sort().join() !== shape.sort().join()) {
    throw new Error(`${route.id}: path placeholders (${placeholders}) differ from params (${shape})`);
  }
  return {
    id: route.id,
    method: route.method,
    path: route.path,
    service: input.kind === 'command' ? 'command-service' : 'projection-service',
    ...rest,
    params,
  };
}

/** Fills `{name}` placeholders of a call's path. */
export function buildPath(call: ApiCall, params: Record<string, string> = {}): string {
  return call.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${call.id}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** A compiled matcher for a call's path template. */
export function pathMatcher(call: ApiCall): (path: string) => Record<string, string> | undefined {
  const names: string[] = [];
  const source = call.path
    .split(/(\{\w+\})/)
    .map((part) => {
      const m = /^\{(\w+)\}$/.exec(part);
      if (m) {
        names.push(m[1]);
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  const regex = new RegExp(`^${source}/?$`);
  return (path) => {
    const match = regex.exec(path);
    if (!match) return undefined;
    try {
      return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1])]));
    } catch {
      // A malformed percent-encoding is no path of this call.
      return undefined;
    }
  };
}

/** Acknowledgement of every command: where its events landed in the global order. */
export const commandAckSchema = z.object({
  /** Consistency token, see position.ts. Also sent as the X-Event-Position header. */
  position: z.string(),
});
export type CommandAck = z.infer<typeof commandAckSchema>;

/** Escape hatch for calls whose shapes come with their capability: any JSON object. */
export const looseObject = z.record(z.string(), z.unknown());
