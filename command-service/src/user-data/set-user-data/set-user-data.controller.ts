import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, setUserData } from '@app/contracts';
import {
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
import type { Appended } from '../../infrastructure/event-appender';
import { SetUserDataCommand } from './set-user-data.command';

/** user-data/set (spec 7): the signed-in learner saves part of their own data for the path's product. */
@Controller()
export class SetUserDataController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(setUserData)
  async set(
    @ValidatedInput() { input, params }: CallInput<typeof setUserData>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const user = requireUser(principal);
    const appended = await this.commandBus.execute<SetUserDataCommand, Appended>(
      new SetUserDataCommand(
        { userId: user.userId, product: params.product, data: input.data, deepMerge: input.deepMerge },
        commandContext(request),
      ),
    );
    return acknowledge(response, appended);
  }
}
