import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { expireAffiliate } from '@app/contracts';
import {
  type Appended,
  type CallInput,
  ContractRoute,
  ValidatedInput,
  acknowledge,
  commandContext,
} from '@app/server-kit';
import { ExpireAffiliateCommand } from './expire-affiliate.command';

@Controller()
export class ExpireAffiliateController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(expireAffiliate)
  async expire(
    @ValidatedInput() { params }: CallInput<typeof expireAffiliate>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const appended = await this.commandBus.execute<ExpireAffiliateCommand, Appended>(
      new ExpireAffiliateCommand(params.affiliateId, commandContext(request)),
    );
    return acknowledge(response, appended);
  }
}
