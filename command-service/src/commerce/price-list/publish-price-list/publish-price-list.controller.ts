import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { publishPriceList } from '@app/contracts';
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
import { PublishPriceListCommand } from './publish-price-list.command';

/** Staff publish a new price list version. */
@Controller()
export class PublishPriceListController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(publishPriceList)
  async publish(
    @ValidatedInput() { input }: CallInput<typeof publishPriceList>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const appended = await this.commandBus.execute<PublishPriceListCommand, Appended>(
      new PublishPriceListCommand(input, commandContext(request)),
    );
    return { ...acknowledge(response, appended), version: input.version };
  }
}
