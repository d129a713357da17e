import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, deleteAnalyticsQuery } from '@app/contracts';
import {
  type Appended,
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  acknowledge,
  commandContext,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { DeleteAnalyticsQueryCommand } from './delete-analytics-query.command';

@Controller()
export class DeleteAnalyticsQueryController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(deleteAnalyticsQuery)
  async delete(
    @ValidatedInput() { input }: CallInput<typeof deleteAnalyticsQuery>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const appended = await this.commandBus.execute<DeleteAnalyticsQueryCommand, Appended>(
      new DeleteAnalyticsQueryCommand(
        { queryId: input.queryId, deletedBy: principal.kind === 'user' ? principal.userId : null },
        commandContext(request),
      ),
    );
    return acknowledge(response, appended);
  }
}
