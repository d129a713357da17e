import { createHash, timingSafeEqual } from 'node:crypto';
import {
  type CanActivate,
  type ExecutionContext,
  Get,
  HttpCode,
  Injectable,
  Post,
  SetMetadata,
  UseGuards,
  applyDecorators,
  createParamDecorator,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { z } from 'zod';
import { type ApiCall, unstorableJsonReason } from '@app/contracts';
import { ApiException } from './api-error';

const CALL_KEY = 'app:api-call';

/** Registers a handler for a contract call: its method and path come from the contract. */
export function ContractRoute(call: ApiCall) {
  const path = call.path.replace(/\{(\w+)\}/g, ':$1');
  return applyDecorators(
    (call.method === 'GET' ? Get : Post)(path),
    HttpCode(200),
    SetMetadata(CALL_KEY, call),
    UseGuards(AccessGuard),
  );
}

export type CallInput<C extends ApiCall> = {
  input: z.infer<C['request']>;
  params: z.infer<C['params']>;
};

/** Parses the request against the handler's contract call; a mismatch is a 400 and nothing runs. */
export const ValidatedInput = createParamDecorator((_: unknown, context: ExecutionContext) => {
  const call = Reflect.getMetadata(CALL_KEY, context.getHandler()) as ApiCall | undefined;
  if (!call) throw new Error('ValidatedInput needs @ContractRoute on the handler.');
  const request = context.switchToHttp().getRequest<Request>();
  const raw = call.method === 'GET' ? { ...(request.query as object) } : request.body;
  const where = call.method === 'GET' ? 'query' : 'body';
  const unstorable = unstorableJsonReason(raw) ?? unstorableJsonReason(request.params ?? {});
  if (unstorable) {
    throw new ApiException(
      400,
      'VALIDATION_FAILED',
      `The request is not valid: the ${where} ${unstorable}.`,
      [{ path: where, message: `The ${where} ${unstorable}.` }],
    );
  }
  const input = call.request.safeParse(raw ?? {});
  if (!input.success) throw validationError(input.error, where);
  const params = call.params.safeParse(request.params ?? {});
  if (!params.success) throw validationError(params.error, 'path');
  return { input: input.data, params: params.data };
});

function validationError(error: z.ZodError, where: string): ApiException {
  const issues = error.issues.map((issue) => ({
    path: [where, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  const summary = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
  return new ApiException(400, 'VALIDATION_FAILED', `The request is not valid: ${summary}`, issues);
}

/**
 * Applies the contract's access rule. Staff calls take the STAFF_TOKEN bearer token until sign-in
 * exists (issue 3); calls for signed-in users answer 401 until then.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const call = this.reflector.get<ApiCall>(CALL_KEY, context.getHandler());
    const request = context.switchToHttp().getRequest<Request>();
    switch (call.access.kind) {
      case 'anyone':
        return true;
      case 'staff': {
        const token = bearerToken(request);
        if (isStaffToken(token)) return true;
        throw new ApiException(
          token ? 403 : 401,
          token ? 'FORBIDDEN' : 'UNAUTHENTICATED',
          'This call is for staff only.',
        );
      }
      default:
        throw new ApiException(401, 'UNAUTHENTICATED', 'Sign in to use this call.');
    }
  }
}

export function bearerToken(request: Request): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(.+)$/i.exec(header) : null;
  return match?.[1].trim();
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time comparison with STAFF_TOKEN (digests make the lengths equal). */
export function isStaffToken(token: string | undefined): boolean {
  const expected = process.env.STAFF_TOKEN;
  if (!token || !expected || expected.length < 32) return false;
  return timingSafeEqual(digest(token), digest(expected));
}
