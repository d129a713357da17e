import { randomUUID } from 'node:crypto';
import { type Actor, EVENT_POSITION_HEADER, DomainError } from '@app/contracts';
import { actorOf, principalOf } from './authentication';
import { type HttpRequest, type HttpResponse, headerOf } from './http-types';

/** What a command's append answers: the consistency token of its last event. */
export type Appended = { position: string; idempotent: boolean };

/** Who sends a command and how it relates to others: from the request's headers. */
export type CommandContext = { actor: Actor; correlationId: string; idempotencyKey?: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function commandContext(request: HttpRequest): CommandContext {
  const correlation = headerOf(request, 'x-correlation-id');
  // UUIDs compare case-insensitively; one spelling keeps stream names and ids consistent.
  const idempotencyKey = headerOf(request, 'idempotency-key')?.toLowerCase();
  if (idempotencyKey !== undefined && !UUID.test(idempotencyKey)) {
    throw new DomainError('VALIDATION_FAILED', 'The Idempotency-Key header must be a UUID.');
  }
  return {
    actor: actorOf(principalOf(request)),
    correlationId: correlation && correlation.length <= 200 ? correlation : randomUUID(),
    idempotencyKey,
  };
}

/** Every command answers its position in the body and in the X-Event-Position header. */
export function acknowledge(response: HttpResponse, appended: Appended): { position: string } {
  response.header(EVENT_POSITION_HEADER, appended.position);
  return { position: appended.position };
}
