import { Controller, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, cancelAnalyticsQuery } from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  commandContext,
  type HttpRequest,
} from '@app/server-kit';
import { CancelAnalyticsQueryCommand } from './cancel-analytics-query.command';

@Controller()
export class CancelAnalyticsQueryController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(cancelAnalyticsQuery)
  async cancel(
    @ValidatedInput() { input }: CallInput<typeof cancelAnalyticsQuery>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
  ) {
    const cancelled = await this.commandBus.execute<CancelAnalyticsQueryCommand, boolean>(
      new CancelAnalyticsQueryCommand(
        { runId: input.runId, analystId: principal.kind === 'user' ? principal.userId : null },
        commandContext(request),
      ),
    );
    return { cancelled };
  }
}
