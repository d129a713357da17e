import { randomUUID } from 'node:crypto';
import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, runAnalyticsQuery } from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  acknowledge,
  commandContext,
  minPositionOf,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { RunAnalyticsQueryCommand } from './run-analytics-query.command';
import type { AnalyticsQueryAnswer } from './run-analytics-query.handler';

/** An analyst runs SQL over the analytics schema; the answer is the result with the run's position. */
@Controller()
export class RunAnalyticsQueryController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(runAnalyticsQuery)
  async run(
    @ValidatedInput() { input }: CallInput<typeof runAnalyticsQuery>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const runId = input.runId ?? randomUUID();
    const minPosition = minPositionOf(request);
    // The caller gone before the answer (the connection closed): the query stops instead of running on.
    const abandoned = new AbortController();
    const onClose = () => {
      if (!response.raw.writableEnded) abandoned.abort();
    };
    response.raw.once('close', onClose);
    const { appended, result } = await this.commandBus
      .execute<RunAnalyticsQueryCommand, AnalyticsQueryAnswer>(
        new RunAnalyticsQueryCommand(
          {
            runId,
            analystId: principal.kind === 'user' ? principal.userId : null,
            sql: input.sql,
            params: input.params ?? {},
          },
          commandContext(request),
          abandoned.signal,
          minPosition,
        ),
      )
      .finally(() => response.raw.off('close', onClose));
    return { ...acknowledge(response, appended), runId, ...result };
  }
}
