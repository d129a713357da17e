import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import { type Principal, listLanguages, runCustomInput, runJsonTests, runSandbox } from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  acknowledge,
} from '@app/server-kit';
import { EventAppender } from '../../infrastructure/event-appender';
import { ExecutionEngine, type JudgedRun } from '../engine/execution-engine';

/**
 * Runs that judge code without recording anything: Run Code against the question's visible tests
 * (run-sandbox), against tests the learner edited (run_json_tests), and the quick test on one input
 * (run_custom_input). They append no event, so they acknowledge the current end of the store.
 */
@Controller()
export class RunCodeController {
  constructor(
    private readonly engine: ExecutionEngine,
    private readonly appender: EventAppender,
  ) {}

  @ContractRoute(listLanguages)
  languages() {
    return { languages: this.engine.languages() };
  }

  @ContractRoute(runSandbox)
  async sandbox(
    @ValidatedInput() { input, params }: CallInput<typeof runSandbox>,
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) response: Response,
  ) {
    const question = await this.engine.question(
      principal,
      params.product,
      input.questionId,
      input.questionVersion,
    );
    await this.admit(principal);
    const visible = question.tests.filter((test) => !test.hidden);
    return this.answer(response, await this.engine.judge(input.language, question, input.code, visible));
  }

  @ContractRoute(runJsonTests)
  async jsonTests(
    @ValidatedInput() { input, params }: CallInput<typeof runJsonTests>,
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) response: Response,
  ) {
    const question = await this.engine.question(
      principal,
      params.product,
      input.questionId,
      input.questionVersion,
    );
    const tests = this.engine.parseTests(question, input.tests);
    await this.admit(principal);
    return this.answer(response, await this.engine.judge(input.language, question, input.code, tests));
  }

  @ContractRoute(runCustomInput)
  async customInput(
    @ValidatedInput() { input, params }: CallInput<typeof runCustomInput>,
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) response: Response,
  ) {
    const question = await this.engine.question(
      principal,
      params.product,
      input.questionId,
      input.questionVersion,
    );
    await this.admit(principal);
    return this.answer(
      response,
      await this.engine.quickTest(input.language, question, input.code, input.input),
    );
  }

  private async admit(principal: Principal) {
    // The operator token has no user; its runs count under one shared name.
    await this.engine.admit(principal.kind === 'user' ? principal.userId : 'operator');
  }

  private async answer(response: Response, run: JudgedRun) {
    return { ...acknowledge(response, await this.appender.appendedOrHead()), ...run.response };
  }
}
