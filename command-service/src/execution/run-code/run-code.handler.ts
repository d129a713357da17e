import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ExecutionEngine, type JudgedRun } from '../engine/execution-engine';
import { FirstRuns } from '../first-run/first-runs';
import { RunCodeCommand } from './run-code.command';

/**
 * Finds the question (access, version), checks the learner's run rate, then judges: the visible
 * tests, the learner's own tests (parsed against the signature first), or one custom input. A
 * learner's first run is recorded (FirstCodeRunRecorded); later runs append nothing.
 */
@CommandHandler(RunCodeCommand)
export class RunCodeHandler implements ICommandHandler<RunCodeCommand, JudgedRun> {
  constructor(
    private readonly engine: ExecutionEngine,
    private readonly firstRuns: FirstRuns,
  ) {}

  async execute({ request }: RunCodeCommand): Promise<JudgedRun> {
    const { principal, target, language, code } = request;
    const question = await this.engine.question(
      principal,
      request.product,
      request.questionId,
      request.questionVersion,
    );
    this.engine.checkLanguage(question, language);
    const tests =
      target.kind === 'ownTests'
        ? this.engine.parseTests(question, [...target.tests])
        : question.tests.filter((test) => !test.hidden);
    // The operator token has no user; its runs count under one shared name.
    await this.engine.admit(principal.kind === 'user' ? principal.userId : 'operator');
    const run =
      target.kind === 'customInput'
        ? await this.engine.quickTest(language, question, code, target.input)
        : await this.engine.judge(language, question, code, tests);
    // A judged run, whatever its outcome; the learner funnel counts a learner's first.
    await this.firstRuns.record(principal, { product: request.product, questionId: question.slug, language });
    return run;
  }
}
