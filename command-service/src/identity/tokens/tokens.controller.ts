import { randomUUID } from 'node:crypto';
import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, refreshToken, signOut } from '@app/contracts';
import {
  type Appended,
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  bearerToken,
  requireUser,
  acknowledge,
  commandContext,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { RefreshTokenCommand } from './refresh-token/refresh-token.command';
import type { TokenRefreshed } from './refresh-token/refresh-token.handler';
import { SignOutCommand } from './sign-out/sign-out.command';

/** The caller's own token, HTTP only: refreshing and signing out are commands (the folders beside). */
@Controller()
export class TokensController {
  constructor(private readonly commandBus: CommandBus) {}

  /** Spec 7: a fresh token with the current roles, and the old ones so the web can notice a lost product. */
  @ContractRoute(refreshToken)
  async refresh(
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const user = requireUser(principal);
    const result = await this.commandBus.execute<RefreshTokenCommand, TokenRefreshed>(
      new RefreshTokenCommand(
        { userId: user.userId, sessionId: user.sessionId, newSessionId: randomUUID() },
        commandContext(request),
      ),
    );
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
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const user = requireUser(principal);
    const appended = await this.commandBus.execute<SignOutCommand, Appended>(
      new SignOutCommand(
        { userId: user.userId, sessionId: user.sessionId, reason: input.reason },
        commandContext(request),
      ),
    );
    return acknowledge(response, appended);
  }
}
