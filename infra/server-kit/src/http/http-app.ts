import { type DynamicModule, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { ServiceName } from '@app/contracts';
import { ApiErrorFilter } from './error-filter';
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

/** Creates a service's Nest app with the platform's edge: body limits, JSON logs, error shapes. */
export async function createHttpApp(
  module: Type | DynamicModule,
  service: ServiceName,
  logger: Logger,
  options: HttpAppOptions = {},
): Promise<INestApplication> {
  const rawBodyPaths = options.rawBodyPaths ?? [];
  const app = await NestFactory.create<NestExpressApplication>(module, {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
  });
  // strict: false accepts a bare JSON string body (the affiliate click sends its code that way).
  app.useBodyParser('json', {
    limit: '256kb',
    strict: false,
    verify: (request: Request & { rawBody?: Buffer }, _response: unknown, body: Buffer) => {
      if (rawBodyPaths.some((path) => request.url?.startsWith(path))) request.rawBody = body;
    },
  });
  app.useBodyParser('text', { limit: '16kb' });
  app.useGlobalFilters(new ApiErrorFilter(logger, service));
  // An API answers JSON that changes with every call: no ETag to hash, no X-Powered-By to send.
  app.set('etag', false);
  app.disable('x-powered-by');
  app.use((request: Request, response: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    response.on('finish', () => {
      if (request.path.startsWith('/health') || request.path === '/metrics') return;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // Every refused, failed or slow call is logged; a quick success only at LOG_LEVEL=debug (one
      // line per command was a tenth of a command's CPU at 700 commands/s).
      const level = response.statusCode >= 400 || ms >= SLOW_REQUEST_MS ? 'info' : 'debug';
      logger[level](
        { method: request.method, path: request.path, status: response.statusCode, ms },
        'request',
      );
    });
    next();
  });
  app.enableShutdownHooks();
  return app;
}
