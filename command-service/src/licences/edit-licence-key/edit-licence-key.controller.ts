import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, editLicenseKey, normalizeLicenceKeyCode } from '@app/contracts';
import {
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
import { EditLicenceKeyCommand } from './edit-licence-key.command';
import type { EditedLicenceKey } from './edit-licence-key.handler';

/** edit_license_key (spec 7): answers the key as it is now. */
@Controller()
export class EditLicenceKeyController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(editLicenseKey)
  async edit(
    @ValidatedInput() { input }: CallInput<typeof editLicenseKey>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const user = requireUser(principal);
    const { appended, license } = await this.commandBus.execute<EditLicenceKeyCommand, EditedLicenceKey>(
      new EditLicenceKeyCommand(
        {
          holderId: user.userId,
          code: normalizeLicenceKeyCode(input.code),
          name: input.name,
          count: input.count,
          now: new Date(),
        },
        commandContext(request),
      ),
    );
    return { ...acknowledge(response, appended), license };
  }
}
