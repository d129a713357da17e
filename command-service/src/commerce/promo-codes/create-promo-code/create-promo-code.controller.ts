import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { createPromoCode } from '@app/contracts';
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
import { CreatePromoCodeCommand } from './create-promo-code.command';

@Controller()
export class CreatePromoCodeController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(createPromoCode)
  async create(
    @ValidatedInput() { input }: CallInput<typeof createPromoCode>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const appended = await this.commandBus.execute<CreatePromoCodeCommand, Appended>(
      new CreatePromoCodeCommand(input, commandContext(request)),
    );
    return { ...acknowledge(response, appended), code: input.code };
  }
}
