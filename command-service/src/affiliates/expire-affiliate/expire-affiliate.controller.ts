import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { expireAffiliate } from '@app/contracts';
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
import { ExpireAffiliateCommand } from './expire-affiliate.command';

@Controller()
export class ExpireAffiliateController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(expireAffiliate)
  async expire(
    @ValidatedInput() { params }: CallInput<typeof expireAffiliate>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const appended = await this.commandBus.execute<ExpireAffiliateCommand, Appended>(
      new ExpireAffiliateCommand(params.affiliateId, commandContext(request)),
    );
    return acknowledge(response, appended);
  }
}
