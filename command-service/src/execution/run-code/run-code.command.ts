import type { CodingLanguage, Principal, ProblemProductId } from '@app/contracts';

/** What a run judges the code against: the visible tests, the learner's own tests, or one input. */
export type RunTarget =
  | { kind: 'visibleTests' }
  | { kind: 'ownTests'; tests: readonly unknown[] }
  | { kind: 'customInput'; input: string };

/**
 * Run Code (run-sandbox, run_json_tests, run_custom_input): judge code without recording the run,
 * except a learner's first (the learner funnel's step); it goes through the command bus like every
 * command of this service.
 */
export class RunCodeCommand {
  constructor(
    readonly request: {
      principal: Principal;
      product: ProblemProductId;
      questionId: string;
      questionVersion?: number;
      language: CodingLanguage;
      code: string;
      target: RunTarget;
    },
  ) {}
}
