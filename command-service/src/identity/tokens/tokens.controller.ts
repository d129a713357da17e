import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Pool } from 'pg';
import {
  type OAuthProvider,
  type Role,
  refreshToken,
  signOut,
  userStreamId,
  DomainError,
} from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  bearerToken,
  requireUser,
  acknowledge,
  commandContext,
  PG_POOL,
} from '@app/server-kit';
import type { Principal } from '@app/contracts';
import { EventAppender } from '../../infrastructure/event-appender';
import { issueSession } from '../identity.repository';

/** A refreshed token stays usable this long, so calls already in flight from other tabs still pass. */
const REFRESH_GRACE_SECONDS = 60;

@Controller()
export class TokensController {
  constructor(
    private readonly appender: EventAppender,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  /** Spec 7: a fresh token with the current roles, and the old ones so the web can notice a lost product. */
  @ContractRoute(refreshToken)
  async refresh(
    @CurrentPrincipal() principal: Principal,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const user = requireUser(principal);
    const context = commandContext(request);
    const result = await this.appender.transaction(async (tx) => {
      const { rows } = await tx.client.query<{
        roles_at_issue: Role[];
        provider: OAuthProvider;
        roles: Role[];
      }>(
        `UPDATE identity_sessions s
            SET expires_at = LEAST(s.expires_at, now() + make_interval(secs => $2))
           FROM identity_users u
          WHERE s.session_id = $1 AND u.user_id = s.user_id AND s.revoked_at IS NULL
          RETURNING s.roles_at_issue, s.provider, u.roles`,
        [user.sessionId, REFRESH_GRACE_SECONDS],
      );
      const old = rows[0];
      if (!old) throw new DomainError('TOKEN_EXPIRED', 'Your credentials have expired; sign in again.');
      const session = await issueSession(tx.client, user.userId, old.provider);
      const appended = await tx.append(
        userStreamId(user.userId),
        [
          {
            type: 'SessionRevoked',
            data: {
              userId: user.userId,
              sessionId: user.sessionId,
              reason: 'refreshed',
              replacedBy: session.sessionId,
            },
          },
        ],
        { actor: context.actor, correlationId: context.correlationId },
      );
      return { appended, token: session.token, oldRoles: old.roles_at_issue, roles: old.roles };
    });
    return {
      ...acknowledge(response, result.appended),
      OldToken: bearerToken(request)!,
      Token: result.token,
      OldRoles: result.oldRoles,
      Roles: result.roles,
    };
  }

  /** Revokes the calling token at once. */
  @ContractRoute(signOut)
  async signOut(
    @ValidatedInput() { input }: CallInput<typeof signOut>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const user = requireUser(principal);
    const context = commandContext(request);
    const appended = await this.appender.transaction(async (tx) => {
      await tx.client.query(
        'UPDATE identity_sessions SET revoked_at = now() WHERE session_id = $1 AND revoked_at IS NULL',
        [user.sessionId],
      );
      return tx.append(
        userStreamId(user.userId),
        [
          {
            type: 'SessionRevoked',
            data: {
              userId: user.userId,
              sessionId: user.sessionId,
              // The forced logout of the single-screen lease is worth telling apart (account sharing).
              reason: input.reason === 'singleScreen' ? 'singleScreen' : 'signedOut',
            },
          },
        ],
        { actor: context.actor, correlationId: context.correlationId },
      );
    });
    return acknowledge(response, appended);
  }
}
