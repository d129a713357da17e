import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, setUsername } from '@app/contracts';
import {
  type Appended,
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  requireUser,
  acknowledge,
  commandContext,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { SetUsernameCommand } from './set-username.command';

/**
 * Sets the public username. The rule (contracts, usernameSchema): 3 to 30 letters, digits, dots,
 * dashes and underscores; unique regardless of case; a few names are reserved for staff.
 */
@Controller()
export class UsernameController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(setUsername)
  async set(
    @ValidatedInput() { input }: CallInput<typeof setUsername>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const user = requireUser(principal);
    const { username } = input;
    const appended = await this.commandBus.execute<SetUsernameCommand, Appended>(
      new SetUsernameCommand(
        { userId: user.userId, username, isStaff: user.roles.includes('staff') },
        commandContext(request),
      ),
    );
    return { ...acknowledge(response, appended), username };
  }
}
