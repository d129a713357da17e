import { Controller, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Principal, runMocha } from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  acknowledge,
  type HttpResponse,
} from '@app/server-kit';
import { EventAppender } from '../../../infrastructure/event-appender';
import type { MochaJudgement } from '../../browser/browser-judge';
import { RunMochaCommand } from './run-mocha.command';

/** run-mocha (spec 7): the question's unit tests on the learner's page; appends nothing. */
@Controller()
export class RunMochaController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly appender: EventAppender,
  ) {}

  @ContractRoute(runMocha)
  async run(
    @ValidatedInput() { input, params }: CallInput<typeof runMocha>,
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const judged = await this.commandBus.execute<RunMochaCommand, MochaJudgement>(
      new RunMochaCommand({
        principal,
        product: params.product,
        questionId: input.questionId,
        files: input.files,
      }),
    );
    return {
      ...acknowledge(response, await this.appender.appendedOrHead()),
      ...judged.response,
      tests: judged.tests.map(({ durationMs: _duration, ...test }) => test),
      blockedRequests: judged.blockedRequests,
    };
  }
}
