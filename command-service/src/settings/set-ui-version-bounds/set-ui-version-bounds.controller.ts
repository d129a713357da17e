import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { setUiVersionBounds } from '@app/contracts';
import {
  type Appended,
  type CallInput,
  ContractRoute,
  ValidatedInput,
  acknowledge,
  commandContext,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { SetUiVersionBoundsCommand } from './set-ui-version-bounds.command';

/** Staff move the web build bounds; the version check reads them from a projection. */
@Controller()
export class SetUiVersionBoundsController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(setUiVersionBounds)
  async set(
    @ValidatedInput() { input }: CallInput<typeof setUiVersionBounds>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const appended = await this.commandBus.execute<SetUiVersionBoundsCommand, Appended>(
      new SetUiVersionBoundsCommand(input, commandContext(request)),
    );
    return acknowledge(response, appended);
  }
}
