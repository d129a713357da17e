import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, deleteLicenseKey, normalizeLicenceKeyCode } from '@app/contracts';
import {
  type Appended,
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  acknowledge,
  commandContext,
  requireUser,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { DeleteLicenceKeyCommand } from './delete-licence-key.command';

/** delete_license_key (spec 7). */
@Controller()
export class DeleteLicenceKeyController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(deleteLicenseKey)
  async delete(
    @ValidatedInput() { input }: CallInput<typeof deleteLicenseKey>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const user = requireUser(principal);
    const appended = await this.commandBus.execute<DeleteLicenceKeyCommand, Appended>(
      new DeleteLicenceKeyCommand(
        { holderId: user.userId, code: normalizeLicenceKeyCode(input.code), now: new Date() },
        commandContext(request),
      ),
    );
    return acknowledge(response, appended);
  }
}
