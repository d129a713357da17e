import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  type ApiCall,
  type ApiError,
  DomainError,
  type ServiceName,
  apiCalls,
  pathMatcher,
} from '@app/contracts';
import { httpStatusOfError } from './error-status';
import { type HttpRequest, type HttpResponse, pathOf } from './http-types';

type Answer = { status: number; body: ApiError };

const answer = (status: number, code: ApiError['code'], message: string): Answer => ({
  status,
  body: { code, message },
});

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
    const request = http.getRequest<HttpRequest>();
    const response = http.getResponse<HttpResponse>();
    const path = pathOf(request);
    const { status, body } = this.toAnswer(exception, request.method, path);
    if (status === 500) this.logger.error({ err: exception, path }, 'request failed');
    // A read side not caught up yet is worth asking again in a second, whichever service relays it.
    if (body.code === 'READ_MODEL_NOT_CAUGHT_UP' && !response.getHeader('Retry-After'))
      response.header('Retry-After', '1');
    void response.status(status).send(body);
  }

  /** A domain error answers its code's status (one table); Nest's and the body parser's errors their own. */
  private toAnswer(exception: unknown, method: string, path: string): Answer {
    if (exception instanceof DomainError)
      return { status: httpStatusOfError[exception.code], body: exception.toBody() };
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === 404) {
        const known = this.ownCalls.find((c) => c.call.method === method && c.match(path));
        if (known) {
          return answer(501, 'NOT_IMPLEMENTED', `${known.call.id} is part of the API but not available yet.`);
        }
        return answer(404, 'NOT_FOUND', `No API call ${method} ${path}.`);
      }
      if (status === 413) return answer(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
      if (status === 400) return answer(400, 'MALFORMED_REQUEST', 'The request body is not valid JSON.');
      if (status === 401) return answer(401, 'UNAUTHENTICATED', exception.message);
      if (status === 403) return answer(403, 'FORBIDDEN', exception.message);
      return answer(status, status >= 500 ? 'INTERNAL_ERROR' : 'MALFORMED_REQUEST', exception.message);
    }
    return answer(500, 'INTERNAL_ERROR', 'Something went wrong on our side; please try again.');
  }
}
