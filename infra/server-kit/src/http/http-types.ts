import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The request and the reply the services' handlers see (`@Req()`, `@Res({ passthrough: true })`):
 * both services run NestJS on Fastify. A webhook's exact body bytes are on `rawBody` (see
 * `HttpAppOptions.rawBodyPaths`).
 */
export type HttpRequest = FastifyRequest & { rawBody?: Buffer };
export type HttpResponse = FastifyReply;

/** A request header's value (the first, when sent twice as a list), or undefined without it. */
export function headerOf(request: HttpRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The request's path without its query string. */
export function pathOf(request: { url: string }): string {
  const query = request.url.indexOf('?');
  return query === -1 ? request.url : request.url.slice(0, query);
}
