import type { CodingLanguage } from '@app/contracts';
import type { CommandContext } from '@app/server-kit';

/** A learner shares their solution to a question. The id comes from the idempotency key when sent. */
export class SubmitSharedSolutionCommand {
  constructor(
    readonly request: {
      solutionId: string;
      authorId: string;
      questionId: string;
      title: string;
      explanation: string;
      language: CodingLanguage;
      solution: string;
    },
    readonly context: CommandContext,
  ) {}
}
