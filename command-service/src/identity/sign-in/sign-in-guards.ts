import { DomainError } from '@app/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { CommandServiceConfig } from '../../infrastructure/config';
import { CONFIG, type HttpRequest, headerOf } from '@app/server-kit';

/** The caller's address: the gateway overwrites X-Forwarded-For with the socket's, so it can be trusted. */
export function clientAddress(request: HttpRequest): string {
  const forwarded = headerOf(request, 'x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || request.socket.remoteAddress || 'unknown';
}

/**
 * Sign-in attempts per address and minute (starts, callbacks and fake sign-ins together). In memory:
 * each command-service instance counts its own share, which bounds abuse well enough for sign-in.
 */
@Injectable()
export class SignInRateLimiter {
  private readonly limiter: RateLimiterMemory;

  constructor(@Inject(CONFIG) config: CommandServiceConfig) {
    this.limiter = new RateLimiterMemory({ points: config.signInAttemptsPerMinute, duration: 60 });
  }

  /** Counts one attempt; throws 429 RATE_LIMITED with the seconds to wait when over the limit. */
  async consume(request: HttpRequest): Promise<void> {
    try {
      await this.limiter.consume(clientAddress(request));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new DomainError(
        'RATE_LIMITED',
        `Too many sign-in attempts from this address; try again in ${seconds} seconds.`,
      );
    }
  }
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Where a sign-in may send its token: a path on this site, or a page on an allowed origin (the
 * public URL, WEB_ORIGINS, and loopback outside production). Anything else would hand the token
 * to a stranger, so it is refused.
 */
export function resolveRedirect(raw: string | undefined, config: CommandServiceConfig): URL {
  const refuse = () =>
    new DomainError('INVALID_REDIRECT', 'The redirect must be a page of this site or an allowed origin.');
  if (!raw) return new URL('/', config.publicUrl);
  if (raw.startsWith('/')) {
    if (raw.startsWith('//') || raw.startsWith('/\\')) throw refuse();
    return new URL(raw, config.publicUrl);
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse();
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse();
  const allowed =
    url.origin === config.publicUrl ||
    config.webOrigins.includes(url.origin) ||
    (!config.production && LOCAL_HOSTS.has(url.hostname));
  if (!allowed) throw refuse();
  return url;
}
