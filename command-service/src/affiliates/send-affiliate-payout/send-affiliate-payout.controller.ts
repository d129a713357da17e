import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { sendAffiliatePayout } from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  ValidatedInput,
  acknowledge,
  commandContext,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { type PayoutResult, SendAffiliatePayoutCommand } from './send-affiliate-payout.command';

@Controller()
export class SendAffiliatePayoutController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(sendAffiliatePayout)
  async send(
    @ValidatedInput() { params, input }: CallInput<typeof sendAffiliatePayout>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const result = await this.commandBus.execute<SendAffiliatePayoutCommand, PayoutResult>(
      new SendAffiliatePayoutCommand(params.affiliateId, input.month, commandContext(request), new Date()),
    );
    return {
      ...acknowledge(response, result.appended),
      month: input.month,
      amount: result.amount,
      alreadySent: result.alreadySent,
    };
  }
}
