import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { assignPartnerGroup } from '@app/contracts';
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
import { AssignPartnerGroupCommand } from './assign-partner-group.command';

@Controller()
export class AssignPartnerGroupController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(assignPartnerGroup)
  async assign(
    @ValidatedInput() { input }: CallInput<typeof assignPartnerGroup>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const { appended, partnerId } = await this.commandBus.execute<
      AssignPartnerGroupCommand,
      { appended: Appended; partnerId: string }
    >(new AssignPartnerGroupCommand(input, commandContext(request)));
    return { ...acknowledge(response, appended), partnerId };
  }
}
