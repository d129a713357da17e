import { createHash } from 'node:crypto';
import {
  type ExecutionContext,
  Inject,
  Injectable,
  type OnApplicationShutdown,
  type OnModuleInit,
  createParamDecorator,
} from '@nestjs/common';
import type { Pool } from 'pg';
import {
  type Actor,
  DEFAULT_ANONYMOUS_TOKEN,
  type Principal,
  type ProductId,
  type Role,
  SESSION_TOKEN_PREFIX,
  isValidDefaultToken,
  ownedProducts,
  DomainError,
} from '@app/contracts';
import { PG_POOL } from '../tokens';
import { isStaffToken } from './staff-token';
import { PrincipalCache } from './principal-cache';
import { type HttpRequest } from './http-types';

/** Tokens are stored as SHA-256 digests only: a database leak yields no usable token. */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

type SessionRow = {
  session_id: string;
  user_id: string;
  expires_at: Date;
  revoked_at: Date | null;
  signed_out: boolean;
  roles: Role[];
  subscriptions: string[];
  wiped_at: Date | null;
  region: string | null;
  created_at: Date;
  /** When the principal read here stops being true by itself: the session's end or a licence grant's. */
  valid_until: Date;
};

const PRINCIPAL = Symbol('principal');
/** What authentication reads of a request: its headers (the principal found is kept on it). */
type Headed = Pick<HttpRequest, 'headers'>;
type WithPrincipal = Headed & { [PRINCIPAL]?: Principal };

/**
 * Who is calling, from the Authorization header, the same way in both services:
 * - none, or a default token (DEFAULT_ANONYMOUS_TOKEN or one of DEFAULT_AUTH_TOKENS): anonymous;
 * - STAFF_TOKEN: the operator (tooling without an account);
 * - a session token (prefix aes1_): the user, with the roles and products they hold right now.
 * Anything else is a 401, so a client holding a dead token logs out instead of acting anonymously.
 * Signed-in callers are kept in memory (PrincipalCache) until a change to their identity is notified.
 */
@Injectable()
export class SessionAuthenticator implements OnModuleInit, OnApplicationShutdown {
  private readonly defaultTokens: Set<string>;
  readonly cache: PrincipalCache;

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {
    const configured = (process.env.DEFAULT_AUTH_TOKENS ?? '').split(',').map((t) => t.trim());
    this.defaultTokens = new Set([DEFAULT_ANONYMOUS_TOKEN, ...configured.filter(isValidDefaultToken)]);
    this.cache = new PrincipalCache(pool.options);
  }

  async onModuleInit(): Promise<void> {
    // Not listening yet only means no caching: the service starts either way.
    await this.cache.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.cache.stop();
  }

  async authenticate(request: Headed): Promise<Principal> {
    const cached = (request as WithPrincipal)[PRINCIPAL];
    if (cached) return cached;
    const principal = await this.resolve(bearerToken(request));
    (request as WithPrincipal)[PRINCIPAL] = principal;
    return principal;
  }

  private async resolve(token: string | undefined): Promise<Principal> {
    if (!token || this.defaultTokens.has(token)) return { kind: 'anonymous' };
    if (isStaffToken(token)) return { kind: 'operator' };
    if (!token.startsWith(SESSION_TOKEN_PREFIX)) {
      throw new DomainError(
        'INVALID_TOKEN',
        isValidDefaultToken(token)
          ? 'The token is not one this platform issued; sign in again.'
          : 'A default token must be at least 50 characters long; sign in again.',
      );
    }
    const digest = hashToken(token);
    const key = digest.toString('base64');
    const cached = await this.cache.lookup(key);
    if (cached) return cached;
    const ticket = this.cache.ticket();
    const { rows } = await this.pool.query<SessionRow>({
      name: 'auth_session_by_token',
      text: `SELECT s.session_id, s.user_id, s.expires_at, s.revoked_at, s.signed_out, u.roles, u.wiped_at,
                    -- Products of redeemed licence keys count as owned until the licence year ends.
                    u.subscriptions || ARRAY(SELECT g.product FROM identity_licence_grants g
                                              WHERE g.user_id = s.user_id AND g.expires_at > now()) AS subscriptions,
                    p.region, u.created_at,
                    least(s.expires_at, (SELECT min(g.expires_at) FROM identity_licence_grants g
                                          WHERE g.user_id = s.user_id AND g.expires_at > now())) AS valid_until
               FROM identity_sessions s JOIN identity_users u USING (user_id)
                    LEFT JOIN identity_profiles p USING (user_id)
              WHERE s.token_hash = $1`,
      values: [digest],
    });
    const session = rows[0];
    if (!session || session.wiped_at) {
      throw new DomainError('INVALID_TOKEN', 'The token is not valid; sign in again.');
    }
    if (session.revoked_at && session.signed_out) {
      throw new DomainError('SIGNED_OUT', 'This session was logged out; sign in again.');
    }
    if (session.revoked_at || session.expires_at.getTime() <= Date.now()) {
      throw new DomainError('TOKEN_EXPIRED', 'Your credentials have expired; sign in again.');
    }
    // Frozen: the same object answers every call of this token while it is cached.
    const principal: Extract<Principal, { kind: 'user' }> = Object.freeze({
      kind: 'user',
      userId: session.user_id,
      sessionId: session.session_id,
      roles: Object.freeze(session.roles) as Role[],
      products: Object.freeze(ownedProducts(session.roles, session.subscriptions)) as ProductId[],
      region: session.region,
      registeredAt: session.created_at.toISOString(),
    });
    this.cache.put(key, principal, session.valid_until.getTime(), ticket);
    return principal;
  }
}

/** The caller, as the AccessGuard resolved it (anonymous when the route has no guard). */
export function principalOf(request: Headed): Principal {
  return (request as WithPrincipal)[PRINCIPAL] ?? { kind: 'anonymous' };
}

export const CurrentPrincipal = createParamDecorator((_: unknown, context: ExecutionContext): Principal =>
  principalOf(context.switchToHttp().getRequest<HttpRequest>()),
);

/** The actor an event records for a caller. */
export function actorOf(principal: Principal): Actor {
  switch (principal.kind) {
    case 'user':
      return { kind: principal.roles.includes('staff') ? 'staff' : 'user', id: principal.userId };
    case 'operator':
      return { kind: 'staff', id: 'operator' };
    default:
      return { kind: 'anonymous' };
  }
}

/** The signed-in user of a route whose contract demands one. */
export function requireUser(principal: Principal): Extract<Principal, { kind: 'user' }> {
  if (principal.kind !== 'user') throw new DomainError('UNAUTHENTICATED', 'Sign in to use this call.');
  return principal;
}

export function bearerToken(request: Headed): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(.+)$/i.exec(header) : null;
  return match?.[1].trim();
}
