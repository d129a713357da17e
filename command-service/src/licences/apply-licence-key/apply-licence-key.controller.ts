import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type Principal,
  applyLicenseKey,
  expandLicensedProducts,
  normalizeLicenceKeyCode,
} from '@app/contracts';
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
import { ApplyLicenceKeyCommand } from './apply-licence-key.command';
import type { AppliedLicenceKey } from './apply-licence-key.handler';

/** apply_license_key (spec 7): answers the products the key unlocked. */
@Controller()
export class ApplyLicenceKeyController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(applyLicenseKey)
  async apply(
    @ValidatedInput() { input }: CallInput<typeof applyLicenseKey>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const user = requireUser(principal);
    const { appended, products } = await this.commandBus.execute<ApplyLicenceKeyCommand, AppliedLicenceKey>(
      new ApplyLicenceKeyCommand(
        { userId: user.userId, code: normalizeLicenceKeyCode(input.keyCode), now: new Date() },
        commandContext(request),
      ),
    );
    return { ...acknowledge(response, appended), grantedProducts: expandLicensedProducts(products) };
  }
}
