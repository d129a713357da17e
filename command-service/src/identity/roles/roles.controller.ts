import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Pool } from 'pg';
import {
  type Role,
  findUser,
  grantRole,
  revokeRole,
  revokeUserSessions,
  userStreamId,
  DomainError,
} from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  ValidatedInput,
  acknowledge,
  commandContext,
  PG_POOL,
} from '@app/server-kit';
import { EventAppender } from '../../infrastructure/event-appender';
import { lockUser, setRoles } from '../identity.repository';
import { type RoleChange, decideRoleChange } from './decide-roles';

const notFound = () => new DomainError('NOT_FOUND', 'No account has this user id.');

/** Staff tools for accounts: roles (every grant and revoke is an event), sessions, lookup. */
@Controller()
export class RolesController {
  constructor(
    private readonly appender: EventAppender,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  @ContractRoute(grantRole)
  grant(
    @ValidatedInput() { input }: CallInput<typeof grantRole>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.change({ kind: 'grant', ...input }, request, response);
  }

  @ContractRoute(revokeRole)
  revoke(
    @ValidatedInput() { input }: CallInput<typeof revokeRole>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.change({ kind: 'revoke', ...input }, request, response);
  }

  private async change(change: RoleChange, request: Request, response: Response) {
    const context = commandContext(request);
    const result = await this.appender.transaction(async (tx) => {
      const user = await lockUser(tx.client, change.userId);
      if (!user || user.wiped) throw notFound();
      const { events, roles } = decideRoleChange(user.roles, change);
      if (events.length === 0) return { roles, appended: undefined };
      await setRoles(tx.client, change.userId, roles);
      const appended = await tx.append(userStreamId(change.userId), events, {
        actor: context.actor,
        correlationId: context.correlationId,
      });
      return { roles, appended };
    });
    const appended = await this.appender.appendedOrHead(result.appended);
    return { ...acknowledge(response, appended), roles: result.roles };
  }

  @ContractRoute(revokeUserSessions)
  async revokeSessions(
    @ValidatedInput() { input }: CallInput<typeof revokeUserSessions>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const context = commandContext(request);
    const result = await this.appender.transaction(async (tx) => {
      const user = await lockUser(tx.client, input.userId);
      if (!user || user.wiped) throw notFound();
      const { rows } = await tx.client.query<{ session_id: string }>(
        `UPDATE identity_sessions SET revoked_at = now()
          WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
          RETURNING session_id`,
        [input.userId],
      );
      if (rows.length === 0) return { revoked: 0, appended: undefined };
      const appended = await tx.append(
        userStreamId(input.userId),
        rows.map((row) => ({
          type: 'SessionRevoked' as const,
          data: { userId: input.userId, sessionId: row.session_id, reason: 'revokedByStaff' as const },
        })),
        { actor: context.actor, correlationId: context.correlationId },
      );
      return { revoked: rows.length, appended };
    });
    const appended = await this.appender.appendedOrHead(result.appended);
    return { ...acknowledge(response, appended), revoked: result.revoked };
  }

  @ContractRoute(findUser)
  async find(@ValidatedInput() { input }: CallInput<typeof findUser>) {
    const { rows } = await this.pool.query<{ user_id: string; roles: Role[]; created_at: Date }>(
      `SELECT u.user_id, u.roles, u.created_at
         FROM identity_profiles p JOIN identity_users u USING (user_id)
        WHERE ($1::text IS NOT NULL AND lower(p.email) = lower($1))
           OR ($2::text IS NOT NULL AND lower(p.username) = lower($2))
        ORDER BY u.created_at LIMIT 50`,
      [input.email ?? null, input.username ?? null],
    );
    return {
      users: rows.map((r) => ({ userId: r.user_id, roles: r.roles, createdAt: r.created_at.toISOString() })),
    };
  }
}
