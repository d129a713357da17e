import { Controller, Inject, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { findUser, grantRole, revokeRole, revokeUserSessions } from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  ValidatedInput,
  acknowledge,
  commandContext,
  PG_POOL,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { findUsers } from '../identity.repository';
import type { RoleChange } from './decide-roles';
import { ChangeRoleCommand } from './change-role/change-role.command';
import type { RoleChanged } from './change-role/change-role.handler';
import { RevokeUserSessionsCommand } from './revoke-user-sessions/revoke-user-sessions.command';
import type { UserSessionsRevoked } from './revoke-user-sessions/revoke-user-sessions.handler';

/**
 * Staff tools for accounts, HTTP only: a grant or a revoke is a ChangeRoleCommand, revoking the
 * sessions a RevokeUserSessionsCommand (the use cases are the folders beside); the lookup reads.
 */
@Controller()
export class RolesController {
  constructor(
    private readonly commandBus: CommandBus,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  @ContractRoute(grantRole)
  grant(
    @ValidatedInput() { input }: CallInput<typeof grantRole>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    return this.change({ kind: 'grant', ...input }, request, response);
  }

  @ContractRoute(revokeRole)
  revoke(
    @ValidatedInput() { input }: CallInput<typeof revokeRole>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    return this.change({ kind: 'revoke', ...input }, request, response);
  }

  private async change(change: RoleChange, request: HttpRequest, response: HttpResponse) {
    const { appended, roles } = await this.commandBus.execute<ChangeRoleCommand, RoleChanged>(
      new ChangeRoleCommand(change, commandContext(request)),
    );
    return { ...acknowledge(response, appended), roles };
  }

  @ContractRoute(revokeUserSessions)
  async revokeSessions(
    @ValidatedInput() { input }: CallInput<typeof revokeUserSessions>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const { appended, revoked } = await this.commandBus.execute<
      RevokeUserSessionsCommand,
      UserSessionsRevoked
    >(new RevokeUserSessionsCommand({ userId: input.userId }, commandContext(request)));
    return { ...acknowledge(response, appended), revoked };
  }

  @ContractRoute(findUser)
  async find(@ValidatedInput() { input }: CallInput<typeof findUser>) {
    const users = await findUsers(this.pool, {
      email: input.email ?? null,
      username: input.username ?? null,
    });
    return { users: users.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() })) };
  }
}
