import { Controller, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, type RunResponse, runRepl } from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  acknowledge,
  type HttpResponse,
} from '@app/server-kit';
import { EventAppender } from '../../infrastructure/event-appender';
import { RunReplCommand } from './run-repl.command';

/**
 * run-repl: a crash-course snippet run in the sandbox, its output answered (RunReplCommand). It appends no
 * event, so it acknowledges the current end of the store.
 */
@Controller()
export class RunReplController {
  constructor(
    private readonly appender: EventAppender,
    private readonly commandBus: CommandBus,
  ) {}

  @ContractRoute(runRepl)
  async run(
    @ValidatedInput() { input, params }: CallInput<typeof runRepl>,
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const answer = await this.commandBus.execute<RunReplCommand, RunResponse>(
      new RunReplCommand({ principal, product: params.product, ...input }),
    );
    return { ...acknowledge(response, await this.appender.appendedOrHead()), ...answer };
  }
}
