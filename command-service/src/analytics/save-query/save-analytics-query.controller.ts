import { randomUUID } from 'node:crypto';
import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, saveAnalyticsQuery } from '@app/contracts';
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
import { SaveAnalyticsQueryCommand } from './save-analytics-query.command';

/** Saves a query for every analyst; listAnalyticsQueries shows it (with X-Min-Position, at once). */
@Controller()
export class SaveAnalyticsQueryController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(saveAnalyticsQuery)
  async save(
    @ValidatedInput() { input }: CallInput<typeof saveAnalyticsQuery>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const context = commandContext(request);
    const queryId = input.queryId ?? context.idempotencyKey ?? randomUUID();
    const appended = await this.commandBus.execute<SaveAnalyticsQueryCommand, Appended>(
      new SaveAnalyticsQueryCommand(
        {
          queryId,
          isNew: input.queryId === undefined,
          name: input.name,
          description: input.description,
          sql: input.sql,
          chart: input.chart,
          savedBy: principal.kind === 'user' ? principal.userId : null,
        },
        context,
      ),
    );
    return { ...acknowledge(response, appended), queryId };
  }
}
