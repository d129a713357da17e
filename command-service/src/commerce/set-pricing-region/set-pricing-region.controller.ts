import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, setPricingRegion } from '@app/contracts';
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
import { SetPricingRegionCommand } from './set-pricing-region.command';

/** Sets the region the account's offerings are priced in (user info's `region`). */
@Controller()
export class SetPricingRegionController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(setPricingRegion)
  async set(
    @ValidatedInput() { input }: CallInput<typeof setPricingRegion>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const user = requireUser(principal);
    const appended = await this.commandBus.execute<SetPricingRegionCommand, Appended>(
      new SetPricingRegionCommand(
        { userId: user.userId, region: input.region, currentRegion: user.region ?? null },
        commandContext(request),
      ),
    );
    return { ...acknowledge(response, appended), region: input.region };
  }
}
