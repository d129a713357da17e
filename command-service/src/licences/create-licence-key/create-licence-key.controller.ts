import { randomBytes } from 'node:crypto';
import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, createLicenseKey, formatLicenceKeyCode } from '@app/contracts';
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
import { CreateLicenceKeyCommand } from './create-licence-key.command';
import type { CreatedLicenceKey } from './create-licence-key.handler';

/** create_license_key (spec 7): answers the new key with its code. */
@Controller()
export class CreateLicenceKeyController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(createLicenseKey)
  async create(
    @ValidatedInput() { input }: CallInput<typeof createLicenseKey>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const user = requireUser(principal);
    const code = formatLicenceKeyCode(randomBytes(16));
    const { appended, license } = await this.commandBus.execute<CreateLicenceKeyCommand, CreatedLicenceKey>(
      new CreateLicenceKeyCommand(
        {
          holderId: user.userId,
          name: input.name,
          count: input.count,
          product: input.product,
          code,
          now: new Date(),
        },
        commandContext(request),
      ),
    );
    return { ...acknowledge(response, appended), license };
  }
}
