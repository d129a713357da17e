import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, wipeAccount } from '@app/contracts';
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
import { WipeAccountCommand } from './wipe-account.command';

/** Account wipe (spec 7): the signed-in learner's personal data and tokens go; the events keep ids. */
@Controller()
export class WipeAccountController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(wipeAccount)
  async wipe(
    @ValidatedInput() _: CallInput<typeof wipeAccount>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const user = requireUser(principal);
    const appended = await this.commandBus.execute<WipeAccountCommand, Appended>(
      new WipeAccountCommand({ userId: user.userId }, commandContext(request)),
    );
    return acknowledge(response, appended);
  }
}
