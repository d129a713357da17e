import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { enrolAffiliate } from '@app/contracts';
import {
  type Appended,
  type CallInput,
  ContractRoute,
  ValidatedInput,
  acknowledge,
  commandContext,
} from '@app/server-kit';
import { EnrolAffiliateCommand } from './enrol-affiliate.command';

@Controller()
export class EnrolAffiliateController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(enrolAffiliate)
  async enrol(
    @ValidatedInput() { input }: CallInput<typeof enrolAffiliate>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { appended, affiliateId } = await this.commandBus.execute<
      EnrolAffiliateCommand,
      { appended: Appended; affiliateId: string }
    >(new EnrolAffiliateCommand(input, commandContext(request)));
    return { ...acknowledge(response, appended), affiliateId };
  }
}
