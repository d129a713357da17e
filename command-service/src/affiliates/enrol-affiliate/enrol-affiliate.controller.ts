import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { enrolAffiliate } from '@app/contracts';
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
import { EnrolAffiliateCommand } from './enrol-affiliate.command';

@Controller()
export class EnrolAffiliateController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(enrolAffiliate)
  async enrol(
    @ValidatedInput() { input }: CallInput<typeof enrolAffiliate>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const { appended, affiliateId } = await this.commandBus.execute<
      EnrolAffiliateCommand,
      { appended: Appended; affiliateId: string }
    >(new EnrolAffiliateCommand(input, commandContext(request)));
    return { ...acknowledge(response, appended), affiliateId };
  }
}
