import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, purchaseLicenses, purchaseLicensesV3 } from '@app/contracts';
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
import { PurchaseLicencesCommand } from './purchase-licences.command';
import type { PurchaseStarted } from '../purchase-offering/purchase-offering.handler';

/**
 * v2 and v3 licenses/purchase (spec 7): answer the url where the buyer pays. v2 buys seats of one
 * product, v3 seats of each of several; the seats exist once the webhook reports the payment.
 */
@Controller()
export class PurchaseLicencesController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(purchaseLicenses)
  async purchase(
    @ValidatedInput() { input }: CallInput<typeof purchaseLicenses>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    return this.start(principal, request, response, {
      products: [input.product],
      seats: input.count,
      isEnterprise: false,
      promocode: input.promocode,
    });
  }

  @ContractRoute(purchaseLicensesV3)
  async purchaseV3(
    @ValidatedInput() { input }: CallInput<typeof purchaseLicensesV3>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    return this.start(principal, request, response, {
      products: input.allowedProducts,
      seats: input.count,
      isEnterprise: input.isEnterprise,
      promocode: input.promocode,
    });
  }

  private async start(
    principal: Principal,
    request: HttpRequest,
    response: HttpResponse,
    order: Pick<PurchaseLicencesCommand['request'], 'products' | 'seats' | 'isEnterprise' | 'promocode'>,
  ) {
    const user = requireUser(principal);
    const { appended, checkoutUrl } = await this.commandBus.execute<PurchaseLicencesCommand, PurchaseStarted>(
      new PurchaseLicencesCommand(
        { userId: user.userId, region: user.region ?? null, ...order, now: new Date() },
        commandContext(request),
      ),
    );
    return { ...acknowledge(response, appended), checkoutUrl };
  }
}
