import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { publishPriceList } from '@app/contracts';
import {
  type Appended,
  type CallInput,
  ContractRoute,
  ValidatedInput,
  acknowledge,
  commandContext,
} from '@app/server-kit';
import { PublishPriceListCommand } from './publish-price-list.command';

/** Staff publish a new price list version. */
@Controller()
export class PublishPriceListController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(publishPriceList)
  async publish(
    @ValidatedInput() { input }: CallInput<typeof publishPriceList>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const appended = await this.commandBus.execute<PublishPriceListCommand, Appended>(
      new PublishPriceListCommand(input, commandContext(request)),
    );
    return { ...acknowledge(response, appended), version: input.version };
  }
}
