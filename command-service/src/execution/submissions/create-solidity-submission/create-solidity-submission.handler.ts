import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  type Access,
  type MilestoneResult,
  type RunResponse,
  type ScenarioResult,
  type Submission,
  type SolidityTest,
  DomainError,
  decideAccess,
  submissionsStreamId,
} from '@app/contracts';
import { EventAppender } from '../../../infrastructure/event-appender';
import { type PublishedSolidity, PublishedSolidityContent } from '../../../content/published-solidity';
import { ExecutionEngine } from '../../engine/execution-engine';
import { runResponse } from '../../engine/judge-tests';
import type { RunTestsResult } from '../../languages';
import { type SolidityMilestoneResult, judgeSolidity, judgeSolidityProject } from '../../solidity';
import { CreateSoliditySubmissionCommand } from './create-solidity-submission.command';
import { decideSoliditySubmission } from './decide-solidity-submission';

export type SoliditySubmissionAnswer = {
  position: string;
  run: RunResponse;
  submission: Submission;
  scenarios: ScenarioResult[];
  milestones?: MilestoneResult[];
};

const productOwner: Access = { kind: 'owner', product: 'fromPath' };

/**
 * Finds the question or project (free ones for any signed-in learner, the rest for owners), checks the
 * learner's run rate, judges the contract in the engine's queue (solc, then each scenario in a fresh
 * EVM, inside the sandbox), then appends the decision. Hidden scenarios answer only whether they passed.
 */
@CommandHandler(CreateSoliditySubmissionCommand)
export class CreateSoliditySubmissionHandler implements ICommandHandler<
  CreateSoliditySubmissionCommand,
  SoliditySubmissionAnswer
> {
  constructor(
    private readonly engine: ExecutionEngine,
    private readonly content: PublishedSolidityContent,
    private readonly appender: EventAppender,
  ) {}

  async execute(command: CreateSoliditySubmissionCommand): Promise<SoliditySubmissionAnswer> {
    const { request, context } = command;
    const item = await this.find(command);
    await this.engine.admit(request.principal.userId);
    const started = performance.now();
    const judged = await this.engine.inQueue<{
      run: RunTestsResult;
      milestones?: SolidityMilestoneResult[];
    }>((sandbox) =>
      item.kind === 'question'
        ? judgeSolidity({
            sandbox,
            source: request.code,
            question: { contractName: item.contractName, tests: item.tests, support: item.support },
          }).then((run) => ({ run }))
        : judgeSolidityProject({
            sandbox,
            source: request.code,
            project: { contractName: item.contractName, milestones: item.milestones, support: item.support },
          }),
    );
    const tests = item.kind === 'question' ? item.tests : item.milestones.flatMap((m) => m.tests);
    const results = judged.run.compileError === undefined ? judged.run.results : [];
    const events = decideSoliditySubmission(command, {
      slug: item.slug,
      version: item.version,
      testsPassed: results.filter((result) => result.passed).length,
      testsTotal: tests.length,
      compiled: judged.run.compileError === undefined,
      durationMs: Math.round(performance.now() - started),
    });
    const occurredAt = new Date();
    const appended = await this.appender.append(submissionsStreamId(request.principal.userId), events, {
      actor: context.actor,
      correlationId: context.correlationId,
      occurredAt,
    });
    const milestoneOf = milestoneIndexes(item);
    return {
      position: appended.position,
      run: runResponse(judged.run),
      submission: {
        questionId: item.slug,
        status: events[0].data.status,
        timestamp: occurredAt.toISOString(),
      },
      scenarios: scenarios(tests, judged.run, milestoneOf),
      ...(judged.milestones
        ? {
            milestones: judged.milestones.map((milestone) => ({
              index: milestone.index,
              title: milestone.title,
              passed: milestone.passed && judged.run.compileError === undefined,
              testsPassed: milestone.results.filter((result) => result.passed).length,
              testsTotal: item.kind === 'project' ? item.milestones[milestone.index].tests.length : 0,
            })),
          }
        : {}),
    };
  }

  /**
   * The latest version, for a caller the access rule let in: a free one for anyone signed in, any other
   * for an owner (PRODUCT_NOT_OWNED, also for an unknown id, as coding questions answer); 404 when there
   * is none; PROBLEMS_VERSION_MISMATCH when the page holds another version.
   */
  private async find({ request }: CreateSoliditySubmissionCommand): Promise<PublishedSolidity> {
    const item = await this.content.find(request.product, request.kind, request.questionId);
    if (!item?.free) {
      const decision = decideAccess(productOwner, request.principal, request.product);
      if (!decision.allowed) throw new DomainError(decision.code, decision.message);
    }
    if (!item)
      throw new DomainError(
        'NOT_FOUND',
        `There is no Solidity ${request.kind} "${request.questionId}" in ${request.product}.`,
      );
    if (request.questionVersion !== undefined && request.questionVersion !== item.version)
      throw new DomainError(
        'PROBLEMS_VERSION_MISMATCH',
        `This ${request.kind} has changed since you loaded it; reload the page to get the latest version.`,
      );
    return item;
  }
}

/** The milestone of each test, in the order the project's tests run (none for a question). */
function milestoneIndexes(item: PublishedSolidity): (number | undefined)[] {
  if (item.kind === 'question') return item.tests.map(() => undefined);
  return item.milestones.flatMap((milestone, index) => milestone.tests.map(() => index));
}

function scenarios(
  tests: SolidityTest[],
  run: RunTestsResult,
  milestoneOf: (number | undefined)[],
): ScenarioResult[] {
  if (run.compileError !== undefined) return [];
  return tests.map((test, i) => {
    const outcome = run.results[i];
    const hidden = test.hidden === true;
    const passed = outcome?.passed === true;
    const reason = passed ? null : (outcome?.error?.reason ?? outcome?.reason ?? 'Not run.');
    return {
      name: hidden ? null : test.name,
      passed,
      // A hidden scenario's reason names its steps and values: only the kind of failure goes out.
      reason: hidden ? (passed ? null : hiddenReason(outcome?.error?.type)) : reason,
      ...(milestoneOf[i] === undefined ? {} : { milestone: milestoneOf[i] }),
    };
  });
}

function hiddenReason(type: string | undefined): string {
  switch (type) {
    case 'OUT_OF_GAS':
      return 'A call ran out of gas.';
    case 'TIMEOUT':
      return 'The run took too long.';
    case 'NOT_RUN':
      return 'Not run: the program stopped before it.';
    case 'TEST_SETUP':
      return 'The contract lacks a function the scenario calls, or takes other arguments.';
    default:
      return 'A hidden scenario failed.';
  }
}
