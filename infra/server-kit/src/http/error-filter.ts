import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { type ApiCall, type ServiceName, apiCalls, pathMatcher } from '@app/contracts';
import { ApiException } from './api-error';
import { EventStoreError, WrongExpectedVersionError } from '../event-store/errors';

/** Turns every error into `{ code, message }` with the right status; unexpected ones are logged. */
@Catch()
export class ApiErrorFilter implements ExceptionFilter {
  private readonly ownCalls: { call: ApiCall; match: (path: string) => unknown }[];

  constructor(
    private readonly logger: Logger,
    service: ServiceName,
  ) {
    this.ownCalls = apiCalls
      .filter((c) => c.service === service)
      .map((call) => ({ call, match: pathMatcher(call) }));
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const error = this.toApiException(exception, request);
    if (error.status === 500) this.logger.error({ err: exception, path: request.path }, 'request failed');
    response.status(error.status).json(error.toBody());
  }

  private toApiException(exception: unknown, request: Request): ApiException {
    if (exception instanceof ApiException) return exception;
    if (exception instanceof WrongExpectedVersionError)
      return new ApiException(409, exception.code, exception.message);
    if (exception instanceof EventStoreError) return new ApiException(400, exception.code, exception.message);
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === 404) {
        const known = this.ownCalls.find((c) => c.call.method === request.method && c.match(request.path));
        if (known) {
          return new ApiException(
            501,
            'NOT_IMPLEMENTED',
            `${known.call.id} is part of the API but not available yet.`,
          );
        }
        return new ApiException(404, 'NOT_FOUND', `No API call ${request.method} ${request.path}.`);
      }
      if (status === 413) return new ApiException(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
      if (status === 400)
        return new ApiException(400, 'MALFORMED_REQUEST', 'The request body is not valid JSON.');
      if (status === 401) return new ApiException(401, 'UNAUTHENTICATED', exception.message);
      if (status === 403) return new ApiException(403, 'FORBIDDEN', exception.message);
      return new ApiException(
        status,
        status >= 500 ? 'INTERNAL_ERROR' : 'MALFORMED_REQUEST',
        exception.message,
      );
    }
    const bodyError = exception as { type?: string; status?: number };
    if (bodyError?.type === 'entity.too.large') {
      return new ApiException(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
    }
    if (bodyError?.type === 'entity.parse.failed') {
      return new ApiException(400, 'MALFORMED_REQUEST', 'The request body is not valid JSON.');
    }
    return new ApiException(500, 'INTERNAL_ERROR', 'Something went wrong on our side; please try again.');
  }
}
