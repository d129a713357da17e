import { BadRequestException, type DynamicModule, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
import type { ServiceName } from '@app/contracts';
import { ApiErrorFilter } from './error-filter';
import { type HttpRequest, pathOf } from './http-types';
import { PinoNestLogger } from './logger';

export type HttpAppOptions = {
  /**
   * Paths (prefixes) whose handlers need the exact bytes of the body beside the parsed JSON
   * (`request.rawBody`): a webhook whose signature covers them.
   */
  rawBodyPaths?: readonly string[];
};

/** A call slower than this is logged even when it succeeds. */
const SLOW_REQUEST_MS = 250;
/** The largest JSON body a call may send (a submission's code, a lesson's user data...). */
const JSON_BODY_LIMIT = 256 * 1024;
/** The largest text/plain body (an affiliate click sent as its bare code). */
const TEXT_BODY_LIMIT = 16 * 1024;

/**
 * Creates a service's Nest app with the platform's edge: body limits, JSON logs, error shapes.
 * The app runs on Fastify: measured on one route beside Express (`npm run bench`, httpAdapters), it
 * answered 3.6 to 3.8 times the calls per second, and Express was a third of a command's CPU.
 */
export async function createHttpApp(
  module: Type | DynamicModule,
  service: ServiceName,
  logger: Logger,
  options: HttpAppOptions = {},
): Promise<INestApplication> {
  const rawBodyPaths = options.rawBodyPaths ?? [];
  const adapter = new FastifyAdapter({
    bodyLimit: JSON_BODY_LIMIT,
    // As Express routed: /path/ is /path. Ids in paths may be long (a shared solution's slug).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    // The gateway in front keeps connections open: keep them past its idle time.
    keepAliveTimeout: 75_000,
  });
  const fastify = adapter.getInstance();
  // JSON of any kind (a bare string too: the affiliate click sends its code that way); an empty body
  // is no body. `__proto__` keys are kept as plain data, as JSON.parse does: user data is merged
  // without touching prototypes (contracts' user-data rules).
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: JSON_BODY_LIMIT },
    (request, body: Buffer, done) => {
      if (rawBodyPaths.some((path) => request.url.startsWith(path))) (request as HttpRequest).rawBody = body;
      if (body.length === 0) return done(null, undefined);
      try {
        done(null, JSON.parse(body.toString('utf8')));
      } catch {
        done(new BadRequestException('The request body is not valid JSON.'), undefined);
      }
    },
  );
  fastify.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: TEXT_BODY_LIMIT },
    (_r, body, done) => done(null, body),
  );
  // Any other body is read (within the limit) and left unparsed: the call's contract then refuses it.
  fastify.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: JSON_BODY_LIMIT }, (_r, _body, done) =>
    done(null, undefined),
  );
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
  });
  // Also what fails before a handler runs (a body too large or not JSON): Nest hands Fastify's errors
  // to the filters as HttpExceptions of their status.
  app.useGlobalFilters(new ApiErrorFilter(logger, service));
  fastify.addHook('onResponse', (request, reply, done) => {
    const path = pathOf(request);
    if (!path.startsWith('/health') && path !== '/metrics') {
      const ms = reply.elapsedTime;
      // Every refused, failed or slow call is logged; a quick success only at LOG_LEVEL=debug (one
      // line per command was a tenth of a command's CPU at 700 commands/s).
      const level = reply.statusCode >= 400 || ms >= SLOW_REQUEST_MS ? 'info' : 'debug';
      logger[level]({ method: request.method, path, status: reply.statusCode, ms }, 'request');
    }
    done();
  });
  app.enableShutdownHooks();
  return app;
}
