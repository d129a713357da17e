import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, purchaseOffering } from '@app/contracts';
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
import { PurchaseOfferingCommand } from './purchase-offering.command';
import type { PurchaseStarted } from './purchase-offering.handler';

/** v2/offerings/purchase (spec 7): answers the url where the buyer pays. Nothing is owned until paid. */
@Controller()
export class PurchaseOfferingController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(purchaseOffering)
  async purchase(
    @ValidatedInput() { input }: CallInput<typeof purchaseOffering>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const user = requireUser(principal);
    const { appended, checkoutUrl } = await this.commandBus.execute<PurchaseOfferingCommand, PurchaseStarted>(
      new PurchaseOfferingCommand(
        {
          userId: user.userId,
          roles: user.roles,
          region: user.region ?? null,
          offering: input.offering,
          paymentToken: input.paymentToken,
          promocode: input.promocode,
          affiliateCode: input.affiliateCode,
          now: new Date(),
        },
        commandContext(request),
      ),
    );
    return { ...acknowledge(response, appended), checkoutUrl };
  }
}
