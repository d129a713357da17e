import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ExecutionEngine } from '../../engine/execution-engine';
import type { MochaJudgement } from '../../browser/browser-judge';
import { FrontendJudge } from '../frontend-judge';
import { RunMochaCommand } from './run-mocha.command';

/** Finds the question (access), checks the learner's run rate, runs its mocha tests on the page. */
@CommandHandler(RunMochaCommand)
export class RunMochaHandler implements ICommandHandler<RunMochaCommand, MochaJudgement> {
  constructor(
    private readonly judge: FrontendJudge,
    private readonly engine: ExecutionEngine,
  ) {}

  async execute({ request }: RunMochaCommand): Promise<MochaJudgement> {
    const question = await this.judge.question(
      request.principal,
      request.product,
      request.questionId,
      'mocha',
    );
    await this.engine.admit(request.principal.kind === 'user' ? request.principal.userId : 'operator');
    return this.judge.mocha(question, request.files);
  }
}
