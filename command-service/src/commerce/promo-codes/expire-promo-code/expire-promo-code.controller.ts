import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { expirePromoCode } from '@app/contracts';
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
import { ExpirePromoCodeCommand } from './expire-promo-code.command';

@Controller()
export class ExpirePromoCodeController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(expirePromoCode)
  async expire(
    @ValidatedInput() { input }: CallInput<typeof expirePromoCode>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const appended = await this.commandBus.execute<ExpirePromoCodeCommand, Appended>(
      new ExpirePromoCodeCommand(input, commandContext(request)),
    );
    return acknowledge(response, appended);
  }
}
