import type { CodingLanguage, Principal, ProblemProductId } from '@app/contracts';

/**
 * Run a snippet (run-repl): a crash-course example run as a whole program, its output answered. Nothing
 * is recorded; it goes through the command bus like every command of this service.
 */
export class RunReplCommand {
  constructor(
    readonly request: {
      principal: Principal;
      product: ProblemProductId;
      language: CodingLanguage;
      code: string;
      /** The lesson question the snippet belongs to, when the page says (not used to run it). */
      questionId?: string;
    },
  ) {}
}
