import { createHash, randomBytes } from 'node:crypto';
import { Controller, Inject, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import {
  OAUTH_STATE_TTL_MS,
  type SignInProvider,
  buildPath,
  finishOAuth,
  listSignInProviders,
  startOAuth,
  DomainError,
} from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  ValidatedInput,
  CONFIG,
  PG_POOL,
  commandContext,
  httpStatusOfError,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import type { CommandServiceConfig } from '../../infrastructure/config';
import { OAuthExchangeError, type OAuthProvidersApi } from '../oauth/oauth-providers';
import { OAUTH_PROVIDERS } from '../identity.tokens';
import { type AuthPage, failurePage, fakeSignInForm, successPage } from './auth-pages';
import { SignInRateLimiter, resolveRedirect } from './sign-in-guards';
import { SignInCommand } from './sign-in.command';
import type { SignedIn } from './sign-in.handler';

const STATE_COOKIE = 'ae_oauth_state';
/** Covers both the start (`.../oauth2/{provider}`) and the callback (`.../oauth2/{provider}/callback`). */
const STATE_COOKIE_PATH = startOAuth.path.replace('/{provider}', '');

const sha256 = (value: string) => createHash('sha256').update(value).digest();

type StateRow = {
  provider: string;
  code_verifier: string;
  redirect: string;
  check_student: boolean;
  expires_at: Date;
};

/** The popup's side of sign-in: start, provider callback, the fake provider, and which providers exist. */
@Controller()
export class SignInController {
  constructor(
    @Inject(CONFIG) private readonly config: CommandServiceConfig,
    @Inject(OAUTH_PROVIDERS) private readonly providers: OAuthProvidersApi,
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly commandBus: CommandBus,
    private readonly rateLimiter: SignInRateLimiter,
  ) {}

  @ContractRoute(listSignInProviders)
  list() {
    return { providers: this.providers.status(), fakeProviderEnabled: !this.config.production };
  }

  @ContractRoute(startOAuth)
  async start(
    @ValidatedInput() { input, params }: CallInput<typeof startOAuth>,
    @Req() request: HttpRequest,
    @Res() response: HttpResponse,
  ) {
    const provider = params.provider;
    if (provider === 'fake' && this.config.production) {
      throw new DomainError('NOT_FOUND', 'No such sign-in provider here.');
    }
    const redirect = resolveRedirect(input.redirect, this.config);
    await this.attempt(request, response, redirect.origin, async () => {
      if (provider === 'fake') return this.fakeSignIn(input, redirect, request, response);
      if (!this.providers.isAvailable(provider)) {
        throw new DomainError(
          'PROVIDER_UNAVAILABLE',
          `Sign-in with ${provider} is not available on this site right now; choose another provider.`,
        );
      }
      const state = randomBytes(32).toString('base64url');
      const codeVerifier = randomBytes(32).toString('base64url');
      await this.pool.query('DELETE FROM identity_oauth_states WHERE expires_at < now()');
      await this.pool.query(
        `INSERT INTO identity_oauth_states
           (state_hash, provider, code_verifier, redirect, partition, check_student, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7::double precision / 1000))`,
        [
          sha256(state),
          provider,
          codeVerifier,
          redirect.href,
          input.partition ?? null,
          input.checkStudent ?? false,
          OAUTH_STATE_TTL_MS,
        ],
      );
      const url = await this.providers.authorizationUrl(provider, { state, codeVerifier });
      response.header('Set-Cookie', this.stateCookie(state, OAUTH_STATE_TTL_MS / 1000));
      response.header('Cache-Control', 'no-store');
      response.redirect(url.href, 302);
    });
  }

  @ContractRoute(finishOAuth)
  async finish(
    @ValidatedInput() { input, params }: CallInput<typeof finishOAuth>,
    @Req() request: HttpRequest,
    @Res() response: HttpResponse,
  ) {
    const provider = params.provider;
    let targetOrigin = this.config.publicUrl;
    await this.attempt(
      request,
      response,
      () => targetOrigin,
      async () => {
        if (provider === 'fake') throw new DomainError('NOT_FOUND', 'The fake provider has no callback.');
        // Single use: the state row is deleted whatever happens next.
        const { rows } = input.state
          ? await this.pool.query<StateRow>(
              'DELETE FROM identity_oauth_states WHERE state_hash = $1 RETURNING *',
              [sha256(input.state)],
            )
          : { rows: [] as StateRow[] };
        const saved = rows[0];
        if (saved) targetOrigin = new URL(saved.redirect).origin;
        response.header('Set-Cookie', this.stateCookie('', 0));
        if (input.error) {
          throw new DomainError(
            'OAUTH_PROVIDER_ERROR',
            `${provider} did not sign you in (${input.error.slice(0, 100)}).`,
          );
        }
        const cookieState = parseCookies(request.headers.cookie ?? '')[STATE_COOKIE];
        if (
          !saved ||
          saved.provider !== provider ||
          saved.expires_at.getTime() < Date.now() ||
          !cookieState ||
          cookieState !== input.state
        ) {
          throw new DomainError(
            'OAUTH_BAD_STATE',
            'This sign-in has expired, was used already, or was started in another browser; start again.',
          );
        }
        if (!input.code) throw new DomainError('OAUTH_EXCHANGE_FAILED', `${provider} sent no code.`);
        let profile;
        try {
          profile = await this.providers.exchange(provider as SignInProvider, {
            code: input.code,
            codeVerifier: saved.code_verifier,
          });
        } catch (error) {
          if (!(error instanceof OAuthExchangeError)) throw error;
          throw new DomainError('OAUTH_EXCHANGE_FAILED', error.message);
        }
        const signedIn = await this.commandBus.execute<SignInCommand, SignedIn>(
          new SignInCommand(
            { provider: provider as SignInProvider, ...profile },
            {
              studentCheckRequested: saved.check_student,
              verifiedStudent: false,
              correlationId: commandContext(request).correlationId,
            },
          ),
        );
        this.sendPage(response, 200, successPage(signedIn.token, new URL(saved.redirect)));
      },
    );
  }

  private async fakeSignIn(
    input: CallInput<typeof startOAuth>['input'],
    redirect: URL,
    request: HttpRequest,
    response: HttpResponse,
  ) {
    if (!input.email) {
      const page = fakeSignInForm(buildPath(startOAuth, { provider: 'fake' }), {
        redirect: input.redirect,
        partition: input.partition,
        checkStudent: input.checkStudent === undefined ? undefined : String(input.checkStudent),
      });
      return this.sendPage(response, 200, page);
    }
    const email = input.email.toLowerCase();
    const signedIn = await this.commandBus.execute<SignInCommand, SignedIn>(
      new SignInCommand(
        {
          provider: 'fake',
          providerUserId: email,
          email,
          name: input.name || null,
          avatarUrl: null,
        },
        {
          studentCheckRequested: input.checkStudent ?? false,
          verifiedStudent: input.student ?? false,
          correlationId: commandContext(request).correlationId,
        },
      ),
    );
    this.sendPage(response, 200, successPage(signedIn.token, redirect));
  }

  /** Runs one step of the popup flow: rate-limited, and any refusal shown as a failure page. */
  private async attempt(
    request: HttpRequest,
    response: HttpResponse,
    targetOrigin: string | (() => string),
    work: () => Promise<void>,
  ) {
    try {
      await this.rateLimiter.consume(request);
      await work();
    } catch (error) {
      if (!(error instanceof DomainError) || error.code === 'NOT_FOUND') throw error;
      const origin = typeof targetOrigin === 'string' ? targetOrigin : targetOrigin();
      response.header('X-Error-Code', error.code);
      this.sendPage(response, httpStatusOfError[error.code], failurePage(error.code, error.message, origin));
    }
  }

  private sendPage(response: HttpResponse, status: number, page: AuthPage) {
    response
      .status(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Content-Security-Policy', page.contentSecurityPolicy)
      .header('Cache-Control', 'no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(page.html);
  }

  private stateCookie(value: string, maxAgeSeconds: number) {
    return serializeCookie(STATE_COOKIE, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.publicUrl.startsWith('https:'),
      path: STATE_COOKIE_PATH,
      maxAge: maxAgeSeconds,
    });
  }
}
