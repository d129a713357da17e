import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { createPromoCode } from '@app/contracts';
import {
  type Appended,
  type CallInput,
  ContractRoute,
  ValidatedInput,
  acknowledge,
  commandContext,
} from '@app/server-kit';
import { CreatePromoCodeCommand } from './create-promo-code.command';

@Controller()
export class CreatePromoCodeController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(createPromoCode)
  async create(
    @ValidatedInput() { input }: CallInput<typeof createPromoCode>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const appended = await this.commandBus.execute<CreatePromoCodeCommand, Appended>(
      new CreatePromoCodeCommand(input, commandContext(request)),
    );
    return { ...acknowledge(response, appended), code: input.code };
  }
}
