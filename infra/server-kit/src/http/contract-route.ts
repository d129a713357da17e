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
import { z } from 'zod';
import { type ApiCall, decideAccess, unstorableJsonReason, DomainError } from '@app/contracts';
import { SessionAuthenticator } from './authentication';
import { type HttpRequest } from './http-types';

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
  const request = context.switchToHttp().getRequest<HttpRequest>();
  const raw = call.method === 'GET' ? { ...(request.query as object) } : request.body;
  const where = call.method === 'GET' ? 'query' : 'body';
  const unstorable = unstorableJsonReason(raw) ?? unstorableJsonReason(request.params ?? {});
  if (unstorable) {
    throw new DomainError('VALIDATION_FAILED', `The request is not valid: the ${where} ${unstorable}.`, [
      { path: where, message: `The ${where} ${unstorable}.` },
    ]);
  }
  const input = call.request.safeParse(raw ?? {});
  if (!input.success) throw validationError(input.error, where);
  const params = call.params.safeParse(request.params ?? {});
  if (!params.success) throw validationError(params.error, 'path');
  return { input: input.data, params: params.data };
});

function validationError(error: z.ZodError, where: string): DomainError {
  const issues = error.issues.map((issue) => ({
    path: [where, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  const summary = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
  return new DomainError('VALIDATION_FAILED', `The request is not valid: ${summary}`, issues);
}

/**
 * Applies the contract's access rule (`decideAccess` in the contracts) to the caller the
 * SessionAuthenticator finds; the principal stays on the request for @CurrentPrincipal.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: SessionAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const call = this.reflector.get<ApiCall>(CALL_KEY, context.getHandler());
    const request = context.switchToHttp().getRequest<HttpRequest>();
    const principal = await this.authenticator.authenticate(request);
    const product = (request.params as Record<string, string> | undefined)?.product;
    const decision = decideAccess(call.access, principal, product);
    if (!decision.allowed) throw new DomainError(decision.code, decision.message);
    return true;
  }
}
