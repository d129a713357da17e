import type { Principal, ProblemProductId } from '@app/contracts';

/** Run a frontend question's unit tests (run-mocha) on the learner's files: judged, not recorded. */
export class RunMochaCommand {
  constructor(
    readonly request: {
      principal: Principal;
      product: ProblemProductId;
      questionId: string;
      files: Record<string, string>;
    },
  ) {}
}
