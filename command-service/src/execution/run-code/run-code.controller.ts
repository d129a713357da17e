import { Controller, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, listLanguages, runCustomInput, runJsonTests, runSandbox } from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  acknowledge,
  type HttpResponse,
} from '@app/server-kit';
import { EventAppender } from '../../infrastructure/event-appender';
import { ExecutionEngine, type JudgedRun } from '../engine/execution-engine';
import { RunCodeCommand } from './run-code.command';

/**
 * Runs that judge code without recording anything (RunCodeCommand): Run Code against the question's visible tests
 * (run-sandbox), against tests the learner edited (run_json_tests), and the quick test on one input
 * (run_custom_input). They append no event, so they acknowledge the current end of the store.
 */
@Controller()
export class RunCodeController {
  constructor(
    private readonly engine: ExecutionEngine,
    private readonly appender: EventAppender,
    private readonly commandBus: CommandBus,
  ) {}

  @ContractRoute(listLanguages)
  languages() {
    return { languages: this.engine.languages() };
  }

  @ContractRoute(runSandbox)
  sandbox(
    @ValidatedInput() { input, params }: CallInput<typeof runSandbox>,
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    return this.run(response, {
      principal,
      product: params.product,
      ...input,
      target: { kind: 'visibleTests' },
    });
  }

  @ContractRoute(runJsonTests)
  jsonTests(
    @ValidatedInput() { input, params }: CallInput<typeof runJsonTests>,
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const { tests, ...rest } = input;
    return this.run(response, {
      principal,
      product: params.product,
      ...rest,
      target: { kind: 'ownTests', tests },
    });
  }

  @ContractRoute(runCustomInput)
  customInput(
    @ValidatedInput() { input, params }: CallInput<typeof runCustomInput>,
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const { input: customInput, ...rest } = input;
    return this.run(response, {
      principal,
      product: params.product,
      ...rest,
      target: { kind: 'customInput', input: customInput },
    });
  }

  /** A run appends nothing: it acknowledges the current end of the store. */
  private async run(response: HttpResponse, request: RunCodeCommand['request']) {
    const run = await this.commandBus.execute<RunCodeCommand, JudgedRun>(new RunCodeCommand(request));
    return { ...acknowledge(response, await this.appender.appendedOrHead()), ...run.response };
  }
}
